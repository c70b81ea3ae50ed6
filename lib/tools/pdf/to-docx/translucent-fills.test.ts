// A translucent paint (ExtGState ca / CA) shows as its colour mixed with the white paper. LibreOffice
// Impress exports a cheat sheet's panels as 25 % grey fills (#c0c0c0, ca 0.25): read as solid grey they
// came out as dark boxes behind the text (Trompeloeil's cheat sheet), where the page shows a pale tint.
import { rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a translucent fill and rule are recorded in the colour they show on white paper', async () => {
  const { doc, font, page } = await madePage();
  page.drawRectangle({ x: 72, y: 500, width: 400, height: 120, color: rgb(0.75, 0.75, 0.75), opacity: 0.25 });
  page.drawText('Text printed on a pale panel.', { x: 80, y: 560, size: 12, font });
  page.drawLine({ start: { x: 72, y: 400 }, end: { x: 472, y: 400 }, thickness: 1, color: rgb(0, 0, 1), opacity: 0.5 });
  page.drawRectangle({ x: 72, y: 200, width: 400, height: 100, color: rgb(0.2, 0.4, 0.6) });
  const p = await extractFirstPage(await doc.save());
  const panel = p.fills.find((f) => Math.abs(f.y - (792 - 620)) < 1);
  // 0.25 x 192 + 0.75 x 255 = 239
  expect(panel?.color).toBe('#efefef');
  const rule = p.segments.find((s) => Math.abs(s.y1 - 392) < 1);
  expect(rule?.color).toBe('#8080ff');
  // an opaque fill keeps its colour
  expect(p.fills.find((f) => Math.abs(f.y - (792 - 300)) < 1)?.color).toBe('#336699');
});

test('a translucent fill over another fill mixes with that fill, not with the paper', async () => {
  const { doc, page } = await madePage();
  // a black slide; a half-transparent black box on it shows nothing, a half-transparent white one grey
  page.drawRectangle({ x: 0, y: 0, width: 612, height: 792, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 72, y: 600, width: 400, height: 40, color: rgb(0, 0, 0), opacity: 0.5 });
  page.drawRectangle({ x: 72, y: 400, width: 400, height: 40, color: rgb(1, 1, 1), opacity: 0.5 });
  const p = await extractFirstPage(await doc.save());
  expect(p.fills.find((f) => Math.abs(f.y - (792 - 640)) < 1)?.color).toBe('#000000');
  expect(p.fills.find((f) => Math.abs(f.y - (792 - 440)) < 1)?.color).toBe('#808080');
});

test('a translucent white shape on a coloured slide is decoration, not a drawing', async () => {
  const { doc, page, font } = await madePage(undefined, [720, 540]);
  page.drawRectangle({ x: 0, y: 0, width: 720, height: 540, color: rgb(0.74, 0.94, 0.34) });
  // a slide theme's pale hexagon: white at 20 %
  page.drawSvgPath('M 50 0 L 150 0 L 200 86 L 150 172 L 50 172 L 0 86 Z', {
    x: 60,
    y: 400,
    color: rgb(1, 1, 1),
    opacity: 0.2,
  });
  page.drawText('A title on the slide', { x: 300, y: 300, size: 28, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.images).toHaveLength(0);
});
