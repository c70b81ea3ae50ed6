// A diagram with many small labels is still a drawing (issue 19, sixth pass: a block diagram of a colour
// manager labelled with function names, 107 words on 12 % of its area, lost its boxes and arrows and ran the
// page onto another); a framed box that is mostly text stays text.
import { rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a block diagram labelled with 60 small words is one picture with its labels over it', async () => {
  const { doc, font, page } = await madePage();
  page.drawText('Figure 1 shows the overview of the architecture.', { x: 72, y: 720, size: 10, font });
  // four boxes joined by diagonal arrows, each with a column of small function names
  for (let b = 0; b < 4; b++) {
    const x = 80 + b * 120;
    page.drawRectangle({ x, y: 380, width: 90, height: 260, borderColor: rgb(0, 0, 0), borderWidth: 1 });
    for (let i = 0; i < 15; i++) page.drawText(`fn_${b}_${i}`, { x: x + 5, y: 620 - 16 * i, size: 5, font });
    if (b < 3) page.drawSvgPath('M 0 0 L 30 -40', { x: x + 90, y: 560, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  }
  page.drawText('The text after the figure stays text.', { x: 72, y: 340, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  expect(pictures[0].labels).toHaveLength(60);
  expect(pictures[0].w).toBeGreaterThan(400);
  expect(p.runs.map((r) => r.str).join(' ')).toMatch(/Figure 1 shows.*stays text/);
  expect(p.runs.some((r) => r.str.startsWith('fn_'))).toBe(false);
}, 60_000);

test('a rounded frame around a paragraph of 75 words is text, not a picture', async () => {
  const { doc, font, page } = await madePage();
  page.drawSvgPath('M 10 0 L 390 0 C 400 0 400 10 400 10 L 400 90 C 400 100 390 100 390 100 L 10 100 Z', {
    x: 80,
    y: 700,
    borderColor: rgb(0, 0, 0),
    borderWidth: 1,
  });
  const line = 'Note that every word of this framed note is part of the running text here.';
  for (let i = 0; i < 5; i++) page.drawText(line, { x: 90, y: 680 - 16 * i, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.images.filter((i) => i.encoded)).toHaveLength(0);
  expect(p.runs.filter((r) => r.str.includes('framed note'))).toHaveLength(5);
}, 60_000);

test("lines of text across a figure's box are not its labels, however sparse", async () => {
  const { doc, font, page } = await madePage();
  // a graph's edges (diagonals) over a wide region, and a program's output lines set within its box
  page.drawSvgPath('M 0 0 L 420 300 M 420 0 L 0 300 M 0 150 L 420 160', {
    x: 90,
    y: 700,
    borderColor: rgb(0, 0, 1),
    borderWidth: 1,
  });
  const output = '[A; H; E; F]; [A; H; C; B; G; F]; [A; H; C; D; F]; [A; B; G; F]; [B; G; F];';
  for (let i = 0; i < 4; i++) page.drawText(output, { x: 100, y: 560 - 14 * i, size: 8, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.images.filter((i) => i.encoded && i.labels?.some((r) => r.str.includes('[A; H')))).toHaveLength(0);
  expect(p.runs.filter((r) => r.str.includes('[A; H; E; F]'))).toHaveLength(4);
}, 60_000);
