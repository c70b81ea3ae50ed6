// A drawing's labels on one baseline but apart are framed each at its own place (drawing-overlay.ts): graphviz's
// record nodes ("left", "mid dle", "right" in three boxes) made one framed line set with single spaces, and
// the words ran across the boxes' sides; "hello" beside a nested row a few points lower took that row's line.
import { labelLines } from './drawing-overlay';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const label = (str: string, x: number, y: number, w: number) => textRun(str, x, y, w, { size: 14 });

test('labels an em apart on one baseline are framed apart, each at its own x', () => {
  const lines = labelLines([
    label('left', 221.1, 106.9, 18.9),
    label('mid dle', 256.1, 106.9, 42.9),
    label('right', 315.1, 106.9, 26.9),
  ]);
  expect(lines.map((l) => [l.runs.map((r) => r.str).join('|'), Math.round(l.x)])).toEqual([
    ['left', 221],
    ['mid dle', 256],
    ['right', 315],
  ]);
});

test('a label beside a row set a little lower keeps its own baseline; words of one label stay one line', () => {
  const lines = labelLines([
    label('hello', 278.6, 188.9, 28),
    label('c', 325.1, 196.4, 6.2),
    label('d', 348.1, 196.4, 7),
    // two runs of one label, a space apart
    label('Your', 120, 300, 30),
    label('application', 153.5, 300, 66),
  ]);
  const byText = new Map(lines.map((l) => [l.runs.map((r) => r.str).join('|'), l]));
  expect([...byText.keys()].sort()).toEqual(['Your|application', 'c', 'd', 'hello']);
  expect(byText.get('hello')!.baseline).toBeCloseTo(188.9);
  expect(byText.get('c')!.baseline).toBeCloseTo(196.4);
  expect(byText.get('c')!.x).toBeCloseTo(325.1);
});
