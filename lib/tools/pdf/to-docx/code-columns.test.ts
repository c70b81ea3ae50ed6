// A program's printed table in a typewriter face (issue 19, eleventh pass: R's output of a contingency
// table in a vignette, numbers right-aligned in columns, rows 13 pt apart at 10 pt): a row's short numbers
// sit over the next row's like a numerator over its denominator, and were joined to them as a fraction,
// so "91" took the "7" below it and the rows' numbers were scrambled. Lines set in a typewriter face are
// never formula pieces; the same pieces in a text face stack as a fraction beside a formula's line.
import type { TextRun } from '../pdfjs/protocol';
import { buildLines } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const cells = (font: string, generic: TextRun['generic']) => [
  textRun('None', 92, 217, 23, { font, generic }),
  textRun('91', 167, 217, 11, { font, generic }),
  textRun('55', 259, 217, 11, { font, generic, eol: true }),
  textRun('<10', 92, 230, 17, { font, generic }),
  textRun('7', 173, 230, 6, { font, generic }),
  textRun('7', 265, 230, 6, { font, generic, eol: true }),
];

const texts = (font: string, generic: TextRun['generic']) =>
  buildLines(cells(font, generic)).map((l) => l.runs.map((r) => r.str).join(' '));

test("a program's table of numbers keeps its rows", () => {
  const lines = texts('LMMono10-Regular', 'monospace');
  expect(lines).toContain('91');
  expect(lines).not.toContain('91 7');
  expect(lines.filter((l) => l === '7')).toHaveLength(2);
});

test('in a text face the numbers stack as a fraction beside a formula, and keep their rows without one', () => {
  // (numbers apart with no line between them are a column's, since the twenty-fourth pass: a contents page's
  // page numbers 1.5 em apart had stacked; a fraction's pieces sit about its formula's line)
  expect(texts('LMRoman10-Regular', 'serif')).not.toContain('91 7');
  const formula = [...cells('LMRoman10-Regular', 'serif'), textRun('p =', 150, 224, 14, { font: 'LMRoman10-Regular' })];
  expect(buildLines(formula).map((l) => l.runs.map((r) => r.str).join(' '))).toContain('p = 91 7');
});
