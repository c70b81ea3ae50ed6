// Formula pieces on their own baselines join the line they sit on (issue 19: a two-column article grew
// from 12 to 15 Word pages because each accent and fraction part became a paragraph a line high); lines of
// text, columns side by side and form rows stay apart. A table row set as one text item is split at the rules.
import type { TextRun } from '../pdfjs/protocol';
import { buildLines } from './layout';
import { splitAcrossColumns } from './tables';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const run = (str: string, x: number, y: number, w: number, size = 10): TextRun => textRun(str, x, y, w, { size });
const texts = (runs: TextRun[]) => buildLines(runs).map((l) => l.runs.map((r) => r.str).join(' '));

test('a fraction and an accent join their equation line; body lines around it stay lines', () => {
  const runs = [
    run('the pair potential depends on', 300, 100, 200),
    run('F = −', 320, 130, 30),
    run('∂U', 352, 124, 12), // numerator, 6 pt up
    run('∂r', 352, 137, 12), // denominator, 7 pt down
    run('ˆ', 367, 127, 4), // hat over the next letter
    run('r (2)', 366, 130, 20),
    run('where r is the distance between', 300, 152, 200),
  ];
  const lines = texts(runs);
  expect(lines).toHaveLength(3);
  expect(lines).toContain('the pair potential depends on');
  expect(lines).toContain('where r is the distance between');
  const formula = lines.find((l) => l.includes('F'))!;
  // the hat rides on its letter as a combining mark (r̂), as pdftotext reads the PDF
  expect(formula.split(' ').sort()).toEqual(['(2)', '=', 'F', 'r\u0302', '∂U', '∂r', '−'].sort());
});

test('two columns, tight leading and form rows on one baseline are not joined', () => {
  const runs = [
    run('Left column line one', 50, 100, 200),
    run('Right column line', 280, 104, 200),
    run('Title in tight leading', 50, 200, 220, 20),
    run('second title line', 50, 217, 180, 20),
    run('Name:', 50, 300, 30),
    run('Jane Doe', 120, 300, 40),
  ];
  expect(texts(runs)).toHaveLength(6);
});

test('a row of numbers set as one text item is split at the column rules', () => {
  const r = run('2.3999 2.4001 -21.4512', 237, 120, 96);
  const parts = splitAcrossColumns(r, [123, 200, 235, 264, 294, 331, 369]);
  expect(parts.map((p) => p.str)).toEqual(['2.3999', '2.4001', '-21.4512']);
  expect(parts[1].x).toBeGreaterThan(264);
  expect(parts[2].x).toBeGreaterThan(294);
  expect(splitAcrossColumns(run('0.00377', 389, 120, 30), [123, 369, 473])).toHaveLength(1);
});

test('accents drawn as glyphs of their own become combining marks on their letter', () => {
  // TeX's \"u: the accent first, at the end of the run before its letter; \hat{a}: a piece over the
  // letter; an accent inside a run, before its letter; a hat a little above a justified line, with a line
  // as wide below it: it goes on its own line's b, not on the "and" below.
  const lines = texts([
    run('Debye-H¨', 300, 100, 43),
    run('uckel theory', 343, 100, 60),
    run('where ˆ', 300, 120, 30),
    run('a', 330, 120, 6),
    run('Nordenski¨old and ´ecole', 300, 140, 110),
    run('following Ref. [28]. If a and', 300, 160, 140),
    run('b', 440, 160, 5),
    run('ˆ', 440.1, 157.3, 5),
    run('are the axes', 446, 160, 54),
    run('of two rigid bodies A and B and the norm of it', 300, 172, 200),
    run('http://www.Second.institution.edu/˜Charlie.Author', 300, 190, 193),
  ]);
  const all = lines.join('\n').replace(/ +/g, ' '); // (runs joined with spaces here)
  expect(all).toContain('/˜Charlie.Author'); // (a web address's tilde, TeX's \~{}: no accent)
  expect(all).not.toMatch(/[ˆ¨´]/u);
  expect(all).not.toMatch(/˜(?!Charlie)/u);
  expect(all).toContain('Debye-H u\u0308ckel theory');
  expect(all).toContain('where a\u0302');
  expect(all).toContain('Nordenskio\u0308ld and e\u0301cole');
  expect(all).toContain('If a and b\u0302 are the axes');
  expect(all).toContain('of two rigid bodies A and B and the norm of it');
});

test('a column of short formulas one under another (a reference card) stays one line each', () => {
  // "x < y", "x <= y", ... in tight leading: each pair of neighbours looks like a numerator over its
  // denominator, but a fraction is two pieces, not a chain of five
  const ops = ['<', '<=', '==', '>=', '>'];
  const runs = ops.flatMap((op, i) => [
    run('x', 40, 100 + 8.5 * i, 4, 8),
    run(op, 46, 100 + 8.5 * i, 8, 8),
    run('y', 56, 100 + 8.5 * i, 4, 8),
  ]);
  expect(texts(runs)).toEqual(ops.map((op) => `x ${op} y`));
});

test('a fraction alone (numerator over denominator, no line beside it) is still one piece', () => {
  const runs = [run('∂U', 100, 100, 12), run('∂r', 100, 110, 12)];
  expect(texts(runs)).toHaveLength(1);
});

test("a list's bullets 1.2 em apart are no fraction: each stays on its item's line", () => {
  // ReportLab's user guide: bullets in Symbol, the items' words 36 pt to their right, lines 12 pt apart
  const bullet = (y: number) => textRun('•', 96, y, 4.6, { size: 10, font: 'Symbol' });
  const lines = texts([
    bullet(88),
    run('Add ability to output greyscale and 1-bit PIL images without conversion to RGB.', 132, 88, 377),
    bullet(112),
    run('highlight annotation (contributed by Ben Echols)', 132, 112, 196),
    bullet(124),
    run('full compliance with pip, easy_install, wheels etc', 132, 124, 197),
  ]);
  expect(lines.filter((l) => l === '•')).toHaveLength(3);
  expect(lines).toHaveLength(6);
});
