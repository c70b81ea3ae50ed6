// Plots exported one per page by R (issue 19, tenth pass: the fuzzylite examples in Debian, 2 to 8 ggplot
// panels a page). Four causes, each a case here: a curve whose pieces are all specks (under 0.5 pt both
// ways) was dropped piece by piece, so its panel was missing; each panel's white background, laid edge to
// edge with the next, joined every panel of the page into one page-sized box, which is no drawing; a filled
// contour plot (thousands of small boxes) was past the count of boxes looked at; and the tick values, axis
// names and legend values just outside a panel flowed as text after the pictures, onto a second page.
import { StandardFonts, degrees, rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

const panel = { w: 200, h: 300 };

test('side-by-side panels on white backgrounds are two pictures, a curve of specks included', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [503, 503]);
  for (const [i, x0] of [40, 290].entries()) {
    // the panel's white background, edge to edge with the other's (fill and stroke white)
    page.drawRectangle({
      x: i * 251.5,
      y: 0,
      width: 251.5,
      height: 480,
      color: rgb(1, 1, 1),
      borderColor: rgb(1, 1, 1),
    });
    page.drawRectangle({ x: x0, y: 100, width: panel.w, height: panel.h, color: rgb(0.92, 0.92, 0.92) });
    // the curve: 900 pieces 0.2 pt wide and at most 0.4 pt tall, each a path of its own
    for (let k = 0; k < 900; k++) {
      const x = x0 + 0.2 * k;
      const y = (t: number) => 250 + 120 * Math.cos((i + 1) * (t / 300));
      page.drawLine({ start: { x, y: y(k) }, end: { x: x + 0.2, y: y(k + 1) }, thickness: 2, color: rgb(1, 0.5, 0) });
    }
    ['0.0', '0.5', '1.0'].forEach((t, j) => page.drawText(t, { x: x0 - 14, y: 120 + 120 * j, size: 8, font }));
    page.drawText('Ambient', { x: x0 + 80, y: 86, size: 10, font });
  }
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((im) => im.encoded).sort((a, b) => a.x - b.x);
  expect(pictures).toHaveLength(2);
  for (const [i, x0] of [40, 290].entries()) {
    expect(pictures[i].x).toBeLessThanOrEqual(x0 - 14);
    expect(pictures[i].x + pictures[i].w).toBeGreaterThanOrEqual(x0 + panel.w);
    expect(pictures[i].w).toBeLessThan(251);
    expect((pictures[i].labels ?? []).map((r) => r.str).sort()).toEqual(['0.0', '0.5', '1.0', 'Ambient']);
  }
  expect(p.runs).toEqual([]);
});

test('a quarter-turned axis name stays page text for a turned text box; a slanted label stays in the picture', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [503, 503]);
  page.drawRectangle({ x: 60, y: 100, width: 300, height: 300, color: rgb(0.92, 0.92, 0.92) });
  page.drawSvgPath('M 0 0 C 100 -250 200 0 300 -300', { x: 60, y: 400, borderColor: rgb(1, 0, 0), borderWidth: 2 });
  page.drawText('0.5', { x: 44, y: 250, size: 8, font });
  page.drawText('Power', { x: 50, y: 230, size: 10, font, rotate: degrees(90) });
  page.drawText('high', { x: 300, y: 150, size: 8, font, rotate: degrees(30) });
  const p = await extractFirstPage(await doc.save());
  const [plot] = p.images.filter((im) => im.encoded);
  expect((plot.labels ?? []).map((r) => r.str)).toEqual(['0.5']);
  expect(p.runs.map((r) => [r.str, r.turn])).toEqual([['Power', 90]]);
});

test('a filled contour plot of 6000 small boxes is one picture', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [503, 503]);
  page.drawText('Laundry', { x: 220, y: 470, size: 12, font });
  for (let i = 0; i < 100; i++)
    for (let j = 0; j < 60; j++)
      page.drawRectangle({ x: 100 + 3 * i, y: 100 + 5 * j, width: 3, height: 5, color: rgb(1, (i * j) / 6000, 0) });
  page.drawSvgPath('M 0 0 C 100 -250 200 0 300 -300', { x: 100, y: 400, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((im) => im.encoded);
  expect(pictures).toHaveLength(1);
  expect(pictures[0].w).toBeGreaterThanOrEqual(300);
  expect(pictures[0].h).toBeGreaterThanOrEqual(300);
});

test('on a slide a chart takes its labels as before: its category names stay page text', async () => {
  // a slide's charts sit side by side in a layout table's cells, where frames over a picture do not hold
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [960, 540]);
  page.drawRectangle({ x: 600, y: 200, width: 250, height: 200, color: rgb(0.92, 0.92, 0.92) });
  page.drawSvgPath('M 0 0 C 80 -150 160 0 250 -200', { x: 600, y: 400, borderColor: rgb(0, 0, 1), borderWidth: 2 });
  page.drawText('Kategorie', { x: 640, y: 186, size: 9, font });
  page.drawText('0.5', { x: 588, y: 300, size: 8, font });
  const p = await extractFirstPage(await doc.save());
  const [chart] = p.images.filter((im) => im.encoded);
  expect((chart.labels ?? []).map((r) => r.str)).toEqual(['0.5']);
  expect(p.runs.map((r) => r.str)).toEqual(['Kategorie']);
});
