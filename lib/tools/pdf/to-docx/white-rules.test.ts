// White rules (issue 19, ninth pass): R's ggplot draws a plot's grid as white lines on a grey panel; with
// the panel's tint read as shaded cells they made a table, drawn with black borders over the plot. A white
// rule does not show on paper, so it makes no table; a table ruled in black is still one.
import { StandardFonts, rgb } from 'pdf-lib';
import { layoutPage } from './layout';
import { drawGrid, extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a grey panel with a white grid is no table; a black-ruled table with text is one', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  // the panel: a grey tint, a white grid over it, axis labels outside it
  page.drawRectangle({ x: 100, y: 500, width: 300, height: 240, color: rgb(0.92, 0.92, 0.92) });
  drawGrid(page, { x: 100, y: 500, w: 300, h: 240, rows: 4, cols: 4 }, { thickness: 1, color: rgb(1, 1, 1) });
  page.drawText('Ambient', { x: 230, y: 485, size: 9, font });
  page.drawText('A point inside the panel', { x: 110, y: 600, size: 9, font });
  // a table below, ruled in black, its cells holding text
  for (let r = 0; r <= 3; r++)
    page.drawLine({ start: { x: 100, y: 400 - 20 * r }, end: { x: 400, y: 400 - 20 * r }, thickness: 0.75 });
  for (let c = 0; c <= 3; c++)
    page.drawLine({ start: { x: 100 + 100 * c, y: 400 }, end: { x: 100 + 100 * c, y: 340 }, thickness: 0.75 });
  for (let c = 0; c < 3; c++)
    for (let r = 0; r < 3; r++) page.drawText(`cell ${c}${r}`, { x: 105 + 100 * c, y: 385 - 20 * r, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.segments.filter((s) => s.color === '#ffffff').length).toBeGreaterThanOrEqual(10);
  const tables = layoutPage(p, false).blocks.flatMap((b) =>
    b.items.flatMap((it) => (it.kind === 'table' ? [it.box] : [])),
  );
  expect(tables).toHaveLength(1);
  expect(tables[0].y).toBeGreaterThan(842 - 410);
});
