// Two justified article columns (issue 19): the gutter between them stays empty in the DOCX (the left
// cell's right margin), so the columns do not touch and readers (pdftotext, a visitor) keep them apart;
// the column is justified within its own width, not the width up to the next column.
import type { PageData, TextRun } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const line = (str: string, x: number, y: number, w: number): TextRun =>
  textRun(str, x, y, w, { font: 'CMR10', generic: 'sans-serif', eol: true });

function twoColumns(): PageData {
  const runs: TextRun[] = [];
  for (const [x, w] of [
    [56.7, 233.3],
    [306.6, 233.3],
  ])
    for (let i = 0; i < 30; i++) {
      const last = i === 29;
      runs.push(
        line(`words of column ${x} line ${i} filling its width${last ? '.' : ''}`, x, 100 + 12 * i, last ? 120 : w),
      );
    }
  return { width: 595, height: 842, runs, images: [], segments: [], fills: [], links: [] };
}

test('the gutter is a right margin of the left column, and the columns are justified', async () => {
  const xml = await sectionsXml(await pageSections(twoColumns(), true));
  const cells = [...xml.matchAll(/<w:tc>.*?<\/w:tc>/gs)].map((m) => m[0]);
  expect(cells).toHaveLength(2);
  const rightMargin = (c: string) => Number(/<w:tcMar>.*?<w:right w:type="dxa" w:w="(\d+)"\/>/s.exec(c)?.[1]);
  // 306.6 - (56.7 + 233.3) = 16.6 pt, three quarters of it kept empty: 12.45 pt = 249 twips
  expect(rightMargin(cells[0])).toBeGreaterThan(240);
  expect(rightMargin(cells[0])).toBeLessThan(260);
  expect(rightMargin(cells[1])).toBeLessThan(40); // the page margin is the right edge
  for (const c of cells) expect(c).toContain('<w:jc w:val="both"/>');
  // TeX's CMR10 (pdf.js: "sans-serif") is set in a serif
  expect(xml).toContain('w:ascii="Times New Roman"');
});
