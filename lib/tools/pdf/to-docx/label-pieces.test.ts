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

test("letters a step lower each along a diagonal keep their own places, not the numeral's line beside them", () => {
  // textopo's helix: "III" (12 pt) and residue letters (4.8 pt) each 1.3 pt lower and 6.6 pt right; a
  // column of letters under one another at one x
  const small = (str: string, x: number, y: number) => textRun(str, x, y, 3, { size: 4.8 });
  const lines = labelLines([
    textRun('III', 252.3, 348.2, 12.6, { size: 12 }),
    small('V', 252.4, 360.2),
    small('G', 259.0, 358.8),
    small('A', 265.6, 357.5),
    small('I', 273.1, 356.2),
    small('V', 273.6, 349.6),
    small('A', 273.6, 342.9),
  ]);
  const at = lines.map((l) => [l.runs.map((r) => r.str).join(''), Math.round(l.x), Math.round(l.baseline)]);
  expect(at.sort()).toEqual(
    [
      ['III', 252, 348],
      ['V', 252, 360],
      ['G', 259, 359],
      ['A', 266, 358],
      ['I', 273, 356],
      ['V', 274, 350],
      ['A', 274, 343],
    ].sort(),
  );
});
