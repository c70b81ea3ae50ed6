// Inline code spans with a 1 px border (issue 19, tenth pass: underscore.js's docs printed by Chrome): spans
// that touch make a small ruled grid, which is no table; a ruled table below still is one.
import { StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { layoutPage } from './layout';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

/** `words` in a bordered box at x on the baseline y (9 pt Courier; the box 1.2 em tall); returns its right. */
function span(page: PDFPage, mono: PDFFont, words: string, x: number, y: number): number {
  const w = mono.widthOfTextAtSize(words, 9) + 6;
  page.drawRectangle({ x, y: y - 2.5, width: w, height: 10.8, borderColor: rgb(0.87, 0.87, 0.87), borderWidth: 0.75 });
  page.drawText(words, { x: x + 3, y, size: 9, font: mono });
  return x + w;
}

test('bordered code spans that touch, in running text, are no table; a ruled table is one', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const size = 10;
  // one line: two spans side by side, sharing a side, words on both sides of them
  page.drawText('Aliases:', { x: 72, y: 700, size, font });
  const a = span(page, mono, '_.inject', 72 + font.widthOfTextAtSize('Aliases: ', size), 700);
  const b = span(page, mono, '_.foldl', a, 700);
  page.drawText('for every list.', { x: b + 3, y: 700, size, font });
  // two lines 10.8 pt apart: a span at the end of one touches the span under it on the next
  page.drawText('Returns the values in list without the', { x: 72, y: 670, size, font });
  span(page, mono, 'predicate', 72 + font.widthOfTextAtSize('Returns the values in list without the ', size), 670);
  page.drawText('elements that the truth test', { x: 72, y: 659.2, size, font });
  const d = span(page, mono, 'filter(list)', 72 + font.widthOfTextAtSize('elements that the truth test ', size), 659.2);
  page.drawText('passes.', { x: d + 3, y: 659.2, size, font });
  // a ruled table: three rows of 20 pt, two columns
  for (let r = 0; r <= 3; r++)
    page.drawLine({ start: { x: 72, y: 600 - 20 * r }, end: { x: 372, y: 600 - 20 * r }, thickness: 0.75 });
  for (const x of [72, 222, 372]) page.drawLine({ start: { x, y: 600 }, end: { x, y: 540 }, thickness: 0.75 });
  for (let r = 0; r < 3; r++) {
    page.drawText(`name ${r}`, { x: 78, y: 586 - 20 * r, size, font });
    page.drawText(`value ${r}`, { x: 228, y: 586 - 20 * r, size, font });
  }
  const p = await extractFirstPage(await doc.save());
  const layout = layoutPage(p, false);
  const tables = layout.blocks.flatMap((bl) => bl.items.flatMap((it) => (it.kind === 'table' ? [it.table] : [])));
  expect(tables).toHaveLength(1);
  expect(tables[0].runs.map((r) => r.str)).toEqual(expect.arrayContaining(['name 0', 'value 2']));
  const lines = layout.lines.map((l) => l.runs.map((r) => r.str).join(' '));
  expect(lines).toEqual(
    expect.arrayContaining([
      'Aliases: _.inject _.foldl for every list.',
      'Returns the values in list without the predicate',
      'elements that the truth test filter(list) passes.',
    ]),
  );
}, 60_000);
