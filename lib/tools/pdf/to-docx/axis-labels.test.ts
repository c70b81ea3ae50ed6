// A line chart whose horizontal axis is numbered day by day (issue 19, thirteenth pass: a spreadsheet's
// chart of 31 days printed to PDF). Its labels are over 40 words, so fewWords looked for a line of text
// across half the region, a paragraph beside a figure; the axis's numbers, one run each a few points apart,
// made such a row, the chart was taken for a decorated text area and left as text and loose rules: its
// plotted lines, markers and sloping series were lost. A row of spaced labels (little of its span is
// ink) is no line of text; a real line across the chart still is.
import { StandardFonts, rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

async function chartPage(caption: string | null) {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [842, 595]);
  page.drawText('Deaths by day, January', { x: 330, y: 540, size: 12, font });
  // the chart: its area's border (a spreadsheet's chart draws one), gridlines, two series as polylines with round markers, numbered days under it
  page.drawRectangle({ x: 60, y: 160, width: 720, height: 300, borderColor: rgb(0.85, 0.85, 0.85), borderWidth: 0.75 });
  for (let i = 0; i <= 6; i++) {
    page.drawLine({
      start: { x: 90, y: 200 + 40 * i },
      end: { x: 760, y: 200 + 40 * i },
      thickness: 0.7,
      color: rgb(0.85, 0.85, 0.85),
    });
    page.drawText(String(20 * i), { x: 70, y: 197 + 40 * i, size: 8, font });
  }
  const colours = [rgb(0.98, 0.75, 0.56), rgb(0.29, 0.49, 0.73)];
  for (let s = 0; s < 2; s++) {
    let prev: { x: number; y: number } | null = null;
    for (let d = 0; d < 31; d++) {
      const p = { x: 100 + 21.3 * d, y: 330 + 40 * Math.sin(d * 0.7 + s * 2) + 10 * s };
      if (prev) page.drawLine({ start: prev, end: p, thickness: 2, color: colours[s] });
      page.drawCircle({ x: p.x, y: p.y, size: 2.5, color: colours[s] });
      prev = p;
    }
  }
  for (let d = 0; d < 31; d++) page.drawText(String(d + 1), { x: 97 + 21.3 * d, y: 185, size: 8, font });
  page.drawText('Source: vital statistics, preliminary figures for the year', { x: 90, y: 168, size: 7, font });
  // a line of text across the chart's width, under the axis: a paragraph, not labels
  if (caption) page.drawText(caption, { x: 90, y: 176, size: 8, font });
  return extractFirstPage(await doc.save());
}

test('a line chart numbered along its axis is one picture, its numbers its labels', async () => {
  const p = await chartPage(null);
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  const chart = pictures[0];
  expect(chart.x).toBeLessThanOrEqual(100);
  expect(chart.x + chart.w).toBeGreaterThanOrEqual(739);
  const labels = chart.labels?.map((r) => r.str) ?? [];
  expect(labels).toEqual(expect.arrayContaining(['1', '15', '31', '120']));
  expect(p.runs.map((r) => r.str)).not.toContain('31');
}, 60_000);

test('a line of text across the chart still makes it a decorated text area', async () => {
  const words = Array.from({ length: 14 }, (_, i) => `word${i}`).join(' ');
  const p = await chartPage(`${words} ${words} ${words}`);
  expect(p.images.filter((i) => i.encoded)).toHaveLength(0);
}, 60_000);
