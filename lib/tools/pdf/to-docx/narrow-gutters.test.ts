// Two columns 10 pt apart in 9 pt type (yacas' manual): where a line of each column stands on nearly one
// baseline, line building (which keeps gaps up to 1.5 em inside a line) joined them across the gutter, and
// the page, left without a gutter to part, came out as one column of both columns' lines.
import { buildLines } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import type { TextRun } from '../pdfjs/protocol';

const LEFT = 'is to write a custom initialization script that implements';
const RIGHT = 'since a smaller file is loaded from disk (disk access being';

/** Twelve lines a column, 10.95 pt apart; the right column's baselines `shift` lower. */
function page(shift: number): TextRun[] {
  const runs: TextRun[] = [];
  for (let i = 0; i < 12; i++) {
    runs.push(textRun(`${LEFT} ${i}`, 36, 100 + 10.95 * i, 254.2, { size: 9, font: 'CMR9' }));
    runs.push(textRun(`${RIGHT} ${i}`, 300.2, 100 + shift + 10.95 * i, 254.2, { size: 9, font: 'CMR9' }));
  }
  return runs;
}

test("lines of two columns on one baseline are parted at the page's gutter", () => {
  const lines = buildLines(page(0));
  expect(lines).toHaveLength(24);
  for (const l of lines) expect(l.x + l.w < 295 || l.x > 295).toBe(true);
  // and when some rows of the two columns are a little off one another
  const mixed = [...page(0).slice(0, 8), ...page(2.6).slice(8)];
  expect(buildLines(mixed).filter((l) => l.x < 295 && l.x + l.w > 295)).toHaveLength(0);
});

test("a contents page's numbers past their entries' gap stay on the entries' lines", () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 12; i++) {
    runs.push(textRun(`1.${i} A section title of some length`, 72, 100 + 12 * i, 160, { size: 10 }));
    runs.push(textRun(String(3 + i), 520, 100 + 12 * i, 10, { size: 10 }));
  }
  // a wide gap inside each line: left to the line's own tab stops, no gutter
  expect(buildLines(runs).filter((l) => l.runs.length === 2)).toHaveLength(0); // (apart: more than 1.5 em)
  const close = runs.map((r) => (r.x === 520 ? { ...r, x: 241 } : r));
  expect(buildLines(close).every((l) => l.runs.length === 2)).toBe(true);
});
