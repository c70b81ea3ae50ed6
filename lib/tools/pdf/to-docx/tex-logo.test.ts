// LaTeX's logo (issue 19, twenty-third pass: textopo's manual, every "LaTeX" in it): "L", a smaller "A" raised
// as a script, "TeX" back on the baseline. The run after the raised letter was taken for a formula piece from
// another baseline and given a space: "LA TeX", two words where the reference text has one.
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { runsText, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const bold = (str: string, x: number, y: number, w: number, size: number) =>
  textRun(str, x, y, w, { size, font: 'CMBX12', bold: true });

test('the word after a raised letter, back on the baseline, follows it without a space', async () => {
  const runs = [
    bold('Typesetting documents with L', 163.9, 162.9, 180.6, 12),
    bold('A', 339.6, 160.2, 7.3, 8),
    bold('TEX', 345, 162.9, 24.4, 12),
    textRun('In order to use any of the macros provided by the package, it is loaded first.', 122.8, 185.1, 350, {
      size: 12,
    }),
    // a footnote mark after a word, then the next word a space on
    textRun('See the manual', 122.8, 205, 80, { size: 12 }),
    textRun('2', 203, 200.5, 4, { size: 8 }),
    textRun('for more.', 210.5, 205, 45, { size: 12 }),
  ];
  const page: PageData = { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
  const text = runsText(await sectionsXml(await pageSections(page, true)), '|');
  expect(text).toContain('Typesetting documents with L|A|TEX'); // was "A| TEX"
  expect(text).toMatch(/See the manual\|2\| for more\./);
});
