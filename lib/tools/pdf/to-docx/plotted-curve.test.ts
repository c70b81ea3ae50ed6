// A plotted curve drawn as many tiny straight pieces, each a path of its own (issue 19, ninth pass: R's
// ggplot draws a colour-graded line so), none of them 1 pt across both ways: they looked like pieces of
// rules, the plot was no drawing and its curve was lost, its axis labels left over nothing. Their slope tells
// them from a rule's: the plot is one picture; a table's slightly slanted rule is not.
import { StandardFonts, rgb } from 'pdf-lib';
import { drawGrid, extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a curve of tiny straight pieces makes its plot a drawing; a nearly straight ruled table does not', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  page.drawText('Power vs Ambient', { x: 200, y: 790, size: 12, font });
  // the panel's grid: straight, axis-aligned
  drawGrid(page, { x: 100, y: 520, w: 300, h: 240, rows: 4, cols: 4 }, { thickness: 0.5, color: rgb(0.9, 0.9, 0.9) });
  // the curve: 400 pieces 0.75 pt wide, each a path of its own, every one less than 1 pt tall
  for (let i = 0; i < 400; i++) {
    const x = 100 + 0.75 * i;
    const y = (t: number) => 640 + 110 * Math.cos(t / 95);
    page.drawLine({
      start: { x, y: y(i) },
      end: { x: x + 0.75, y: y(i + 1) },
      thickness: 2,
      color: rgb(1, 0.4 + i / 1000, 0),
    });
  }
  ['0.25', '0.50', '0.75'].forEach((t, i) => page.drawText(t, { x: 80, y: 577 + 60 * i, size: 8, font }));
  page.drawText('Ambient', { x: 230, y: 505, size: 9, font });
  // a ruled table below, one of its rules slanting by 0.8 pt over its 300 pt (a scan-like imprecision)
  for (let r = 0; r <= 3; r++)
    page.drawLine({
      start: { x: 100, y: 400 - 20 * r },
      end: { x: 400, y: 400 - 20 * r + (r === 2 ? 0.8 : 0) },
      thickness: 0.75,
    });
  for (let c = 0; c <= 3; c++)
    page.drawLine({ start: { x: 100 + 100 * c, y: 400 }, end: { x: 100 + 100 * c, y: 340 }, thickness: 0.75 });
  for (let c = 0; c < 3; c++)
    for (let r = 0; r < 3; r++) page.drawText(`cell ${c}${r}`, { x: 105 + 100 * c, y: 385 - 20 * r, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  const plot = pictures[0];
  expect(plot.x).toBeLessThanOrEqual(100);
  expect(plot.x + plot.w).toBeGreaterThanOrEqual(400);
  expect(plot.y).toBeLessThanOrEqual(842 - 750);
  // the axis labels just outside its paths (tick values 4.5 pt left of it, the axis name under it) are the
  // plot's: editable text over its picture, which reaches them; the table's cells stay page text
  expect((plot.labels ?? []).map((r) => r.str).sort()).toEqual(['0.25', '0.50', '0.75', 'Ambient']);
  expect(plot.x).toBeLessThanOrEqual(80);
  expect(p.runs.map((r) => r.str)).toEqual(expect.arrayContaining(['cell 00', 'cell 22']));
  expect(p.runs.map((r) => r.str)).not.toContain('0.25');
});
