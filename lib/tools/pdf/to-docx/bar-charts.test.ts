// Bar and column charts drawn as filled rectangles (issue 19, eighth pass: every bar chart of the office
// documents exported by LibreOffice lost its bars): their paths are straight and axis-aligned, as a table's
// shading is, so they were no drawing, and a fill outside a table is dropped. Three or more empty
// rectangles standing on one line with different lengths are bars; a table row's shaded cells (one
// height) stay the table's shading.
import { StandardFonts, rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a column chart is one picture with its labels; a table with shaded cells stays a table', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  page.drawText('Sales by region', { x: 220, y: 780, size: 14, font });
  // the chart: its area's border (office charts draw one), gridlines, then columns of three series on a common base at y = 500
  page.drawRectangle({ x: 90, y: 470, width: 400, height: 260, borderColor: rgb(0.85, 0.85, 0.85), borderWidth: 0.75 });
  for (let i = 0; i <= 5; i++)
    page.drawLine({
      start: { x: 100, y: 500 + 40 * i },
      end: { x: 480, y: 500 + 40 * i },
      thickness: 0.5,
      color: rgb(0.8, 0.8, 0.8),
    });
  const heights = [170, 95, 80, 100, 175, 80, 140, 70, 120, 180, 110, 200];
  const colours = [rgb(0.3, 0.5, 0.8), rgb(0.9, 0.5, 0.2), rgb(0.6, 0.6, 0.6)];
  heights.forEach((h, i) => {
    const x = 115 + Math.floor(i / 3) * 95 + (i % 3) * 22;
    page.drawRectangle({ x, y: 500, width: 20, height: h, color: colours[i % 3] });
  });
  ['North', 'East', 'South', 'West'].forEach((c, i) => page.drawText(c, { x: 125 + 95 * i, y: 486, size: 9, font }));
  // a table below: ruled, its header row shaded (three cells of one height), its cells holding text
  const top = 400;
  for (let r = 0; r <= 3; r++)
    page.drawLine({ start: { x: 100, y: top - 20 * r }, end: { x: 460, y: top - 20 * r }, thickness: 0.75 });
  for (let c = 0; c <= 3; c++)
    page.drawLine({ start: { x: 100 + 120 * c, y: top }, end: { x: 100 + 120 * c, y: top - 60 }, thickness: 0.75 });
  for (let c = 0; c < 3; c++) {
    page.drawRectangle({ x: 100 + 120 * c, y: top - 20, width: 120, height: 20, color: rgb(0.85, 0.85, 0.95) });
    page.drawText(['Region', 'Units', 'Revenue'][c], { x: 105 + 120 * c, y: top - 15, size: 10, font });
    for (let r = 1; r < 3; r++) page.drawText(`${c}${r}`, { x: 105 + 120 * c, y: top - 15 - 20 * r, size: 10, font });
  }
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  const chart = pictures[0];
  // the picture holds the bars (x 115-399, y from the top 162-342) and the category names are its labels
  expect(chart.x).toBeLessThanOrEqual(115);
  expect(chart.x + chart.w).toBeGreaterThanOrEqual(399);
  expect(chart.y + chart.h).toBeGreaterThanOrEqual(342);
  expect(chart.labels?.map((r) => r.str).sort()).toEqual(['East', 'North', 'South', 'West']);
  // the table's shading is still there for the table, and its words are page text
  expect(p.fills.filter((f) => Math.abs(f.h - 20) < 1 && Math.abs(f.w - 120) < 1)).toHaveLength(3);
  expect(p.runs.map((r) => r.str)).toEqual(expect.arrayContaining(['Region', 'Units', 'Revenue']));
}, 60_000);

// Twenty-fifth pass: a PowerPoint deck's stacked bars carry their values ("26", "30") in their segments; a
// bar holding text was no bar, and the chart was read as a table of shaded cells. A table whose shaded cells
// hold numbers (their cells touch) stays a table.
test('stacked bars with their values are one picture; touching shaded cells with numbers stay a table', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [720, 540]);
  for (let i = 0; i <= 5; i++)
    page.drawLine({ start: { x: 90, y: 300 + 40 * i }, end: { x: 600, y: 300 + 40 * i }, thickness: 0.5 });
  const stacks = [
    [26, 30, 37, 7],
    [7, 11, 62, 20],
    [28, 28, 37, 7],
    [31, 33, 30, 6],
    [13, 22, 51, 14],
  ];
  const colours = [rgb(0.5, 0.1, 0.15), rgb(0.6, 0.15, 0.2), rgb(0.7, 0.45, 0.45), rgb(0.85, 0.7, 0.7)];
  stacks.forEach((stack, b) => {
    let y = 300;
    stack.forEach((v, k) => {
      const h = 2 * v;
      page.drawRectangle({ x: 110 + 100 * b, y, width: 60, height: h, color: colours[k] });
      page.drawText(String(v), { x: 134 + 100 * b, y: y + h / 2 - 3, size: 8, font });
      y += h;
    });
  });
  // a table of shaded cells holding numbers, one cell two rows high
  const top = 200;
  for (let r = 0; r <= 3; r++)
    page.drawLine({ start: { x: 100, y: top - 20 * r }, end: { x: 400, y: top - 20 * r }, thickness: 0.75 });
  for (let c = 0; c <= 3; c++)
    page.drawLine({ start: { x: 100 + 100 * c, y: top }, end: { x: 100 + 100 * c, y: top - 60 }, thickness: 0.75 });
  page.drawRectangle({ x: 100, y: top - 60, width: 100, height: 40, color: rgb(0.9, 0.8, 0.8) });
  page.drawRectangle({ x: 200, y: top - 60, width: 100, height: 20, color: rgb(0.8, 0.9, 0.8) });
  page.drawRectangle({ x: 300, y: top - 60, width: 100, height: 20, color: rgb(0.8, 0.8, 0.9) });
  page.drawText('2024', { x: 105, y: top - 45, size: 10, font });
  page.drawText('1,250', { x: 205, y: top - 55, size: 10, font });
  page.drawText('3,400', { x: 305, y: top - 55, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  const [chart] = pictures;
  expect(chart.x).toBeLessThanOrEqual(110);
  expect(chart.x + chart.w).toBeGreaterThanOrEqual(570);
  expect(chart.y + chart.h).toBeLessThan(540 - 200); // the table below is not in it
  expect(chart.labels?.map((r) => r.str)).toEqual(expect.arrayContaining(['26', '62', '51']));
  expect(p.runs.map((r) => r.str)).toEqual(expect.arrayContaining(['2024', '1,250', '3,400']));
  expect(p.fills.filter((f) => f.y > 540 - 200)).toHaveLength(3);
}, 60_000);
