// A plot whose points are a symbol font's glyphs (issue 19, thirteenth pass: R's pdf device draws pch 16 as
// "●" in a dingbat font, NOISeq's saturation plots). fewWords counted each marker as a word of the
// drawing's labels and a level row of them as a line of text across the region, so the plot was taken for
// a decorated text area and left as text: its lines were lost. A run with no letter or digit is no word.
import { StandardFonts, rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a plot with dingbat markers is one picture', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  const dings = await doc.embedFont(StandardFonts.ZapfDingbats);
  page.drawText('Saturation', { x: 120, y: 760, size: 14, font });
  // the plot: its frame, ticks and numbers, a rising then flat curve with a marker at each point
  page.drawRectangle({ x: 90, y: 500, width: 250, height: 220, borderColor: rgb(0, 0, 0), borderWidth: 0.75 });
  for (let i = 0; i <= 4; i++) {
    page.drawLine({ start: { x: 90, y: 520 + 45 * i }, end: { x: 86, y: 520 + 45 * i }, thickness: 0.75 });
    page.drawText(String(1000 * i), { x: 62, y: 517 + 45 * i, size: 7, font });
  }
  let prev: { x: number; y: number } | null = null;
  for (let i = 0; i < 30; i++) {
    const p = { x: 100 + 8 * i, y: 520 + 170 * (1 - Math.exp(-i / 2)) };
    if (prev) page.drawLine({ start: prev, end: p, thickness: 1, color: rgb(0.8, 0.1, 0.1) });
    page.drawText('●', { x: p.x - 2, y: p.y - 2, size: 6, font: dings, color: rgb(0.8, 0.1, 0.1) });
    prev = p;
  }
  // the legend: two entries a row, across most of the plot (a line of text if its markers were words)
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 2; col++) {
      const x = 100 + 115 * col;
      const y = 540 - 10 * row;
      page.drawText('●', { x, y, size: 6, font: dings, color: rgb(0.8, 0.1, 0.1) });
      page.drawText(`R${row}L${col}Kidney: 85.${row}% detected`, { x: x + 8, y, size: 7, font });
    }
  page.drawText('Sequencing depth (million reads)', { x: 150, y: 485, size: 8, font });
  const p = await extractFirstPage(await doc.save());
  const markers = (s: string) => s.replace(/[●\s]/g, '') === '';
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  expect(pictures[0].x).toBeLessThanOrEqual(90);
  expect(pictures[0].x + pictures[0].w).toBeGreaterThanOrEqual(340);
  // the markers are no longer page text
  expect(p.runs.filter((r) => markers(r.str))).toHaveLength(0);
}, 60_000);
