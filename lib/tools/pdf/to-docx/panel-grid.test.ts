// Plot panels set in a grid on a page of prose (issue 19, eleventh pass: an R vignette's pairs plot, 3 x 3
// mosaic panels 25 pt apart with their labels between them). Each panel was a picture of its own and the
// plain ones (a rectangle or two) tables; laid out in a layout table's cells, where the labels' frames do
// not hold, the grid fell apart (a panel off the page's edge, the labels in a column). Drawings side by
// side or one over the other, a gutter apart with no line of prose between them, are one picture; two
// figures with a caption between them stay two.
import { StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

const PROSE = 'The pairwise mosaic matrix shows bivariate marginal relations between the variables.';

function panel(page: PDFPage, x: number, y: number): void {
  page.drawRectangle({ x, y, width: 72, height: 72, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  page.drawSvgPath('M 0 0 C 20 60 50 10 72 72', { x, y: y + 72, borderColor: rgb(0.8, 0, 0), borderWidth: 1 });
}

async function gridPage(caption: boolean): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  page.drawText(PROSE, { x: 81, y: 760, size: 10, font });
  for (const y of [600, 503])
    for (const [col, x] of [168, 265].entries()) {
      panel(page, x, y);
      page.drawText(['Male', 'Class'][col], { x: x + 20, y: y + 76, size: 6, font });
    }
  if (caption) page.drawText('Figure 2: the two panels below.', { x: 168, y: 588, size: 10, font });
  page.drawText(PROSE, { x: 81, y: 440, size: 10, font });
  return doc.save();
}

test('a grid of plot panels is one picture with its labels', async () => {
  const p = await extractFirstPage(await gridPage(false));
  const pictures = p.images.filter((im) => im.encoded);
  expect(pictures).toHaveLength(1);
  const [grid] = pictures;
  expect(grid.x).toBeLessThanOrEqual(168);
  expect(grid.x + grid.w).toBeGreaterThanOrEqual(265 + 72);
  expect(grid.h).toBeLessThan(200);
  // the lower panels' labels, in the gutter between the rows, are the picture's (the upper ones stay lines
  // above it: on a page of prose only labels of four letters or less are taken from around a drawing)
  expect((grid.labels ?? []).map((r) => r.str).sort()).toEqual(['Class', 'Male']);
  expect(p.runs.map((r) => r.str).sort()).toEqual(['Class', 'Male', PROSE, PROSE]);
});

test('panels with a caption line between them stay apart', async () => {
  const p = await extractFirstPage(await gridPage(true));
  const pictures = p.images.filter((im) => im.encoded).sort((a, b) => a.y - b.y);
  expect(pictures).toHaveLength(2);
  expect(p.runs.map((r) => r.str)).toContain('Figure 2: the two panels below.');
});

test('two drawings one over the other, each alone on its row, stay two', async () => {
  // two charts (or a program's input boxes) stacked 25 pt apart, a short output line between them
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  page.drawText(PROSE, { x: 81, y: 760, size: 10, font });
  panel(page, 168, 600);
  page.drawText('[1,2,3]', { x: 190, y: 588, size: 8, font });
  panel(page, 168, 503);
  page.drawText(PROSE, { x: 81, y: 440, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.images.filter((im) => im.encoded)).toHaveLength(2);
});

test('a small drawing level with the end of a wide band is not joined to it', async () => {
  // a boxed key on the left (56 pt tall) and a wide footer band (28 pt) sharing 18 pt of height: one picture
  // of both took the short table words on the ground between them (a command chart's last rows)
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  page.drawText(PROSE, { x: 81, y: 760, size: 10, font });
  page.drawRectangle({ x: 40, y: 92, width: 72, height: 56, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  page.drawSvgPath('M 0 0 C 20 40 50 10 72 56', { x: 40, y: 148, borderColor: rgb(0.8, 0, 0), borderWidth: 1 });
  page.drawRectangle({ x: 130, y: 82, width: 420, height: 28, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  page.drawSvgPath('M 0 0 C 100 20 300 0 420 28', { x: 130, y: 110, borderColor: rgb(0, 0, 0.8), borderWidth: 1 });
  for (const [i, w] of ['2nd inv', '04 7B', '7A 7D'].entries())
    page.drawText(w, { x: 200 + i * 80, y: 130, size: 8, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.images.filter((im) => im.encoded)).toHaveLength(2);
  expect(p.runs.map((r) => r.str)).toEqual(expect.arrayContaining(['2nd inv', '04 7B', '7A 7D']));
});

test('a small panel beside a tall drawing, within its height, joins it', async () => {
  // a regression tree drawn as one tall drawing, a scatter panel of its leaves beside it (MOB's Figure 1)
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  page.drawText(PROSE, { x: 81, y: 760, size: 10, font });
  page.drawRectangle({ x: 100, y: 300, width: 150, height: 300, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  page.drawSvgPath('M 0 0 C 40 200 100 50 150 300', { x: 100, y: 600, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  panel(page, 270, 420);
  page.drawText(PROSE, { x: 81, y: 250, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((im) => im.encoded);
  expect(pictures).toHaveLength(1);
  expect(pictures[0].x + pictures[0].w).toBeGreaterThanOrEqual(270 + 72);
});
