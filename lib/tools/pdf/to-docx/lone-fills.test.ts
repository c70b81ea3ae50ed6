// Filled boxes with no text on them (issue 19, thirteenth pass: a printer's test page lost its two rows of
// colour swatches). A fill outside a table was drawn only with text on it or inside a drawing; now each
// textless box that shows is a picture of its colour behind the text. A shape that is not one box (five
// stripes in one path, a triangle) is not drawn as its extent, a white box or one under a picture not at all.
import { StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { loneFills } from './lone-fills';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

async function swatchPage(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  page.drawText('Colour test page', { x: 72, y: 720, size: 16, font });
  page.drawText('The squares below should print in their colours.', { x: 72, y: 690, size: 11, font });
  const colours = [rgb(1, 0, 1), rgb(1, 0.5, 0.5), rgb(1, 1, 0), rgb(0, 1, 1), rgb(0.2, 0.2, 0.6), rgb(0, 1, 0)];
  colours.forEach((color, i) => page.drawRectangle({ x: 72 + 20 * i, y: 640, width: 16, height: 14, color }));
  // a white box (shows nothing on the paper)
  page.drawRectangle({ x: 300, y: 640, width: 16, height: 14, color: rgb(1, 1, 1) });
  // five stripes filled as one path (a staff): its extent is no box
  page.drawSvgPath('M 0 0 L 200 0 L 200 1 L 0 1 Z M 0 8 L 200 8 L 200 9 L 0 9 Z M 0 16 L 200 16 L 200 17 L 0 17 Z', {
    x: 72,
    y: 560,
    color: rgb(0, 0, 0),
  });
  // a triangle (slanted sides)
  page.drawSvgPath('M 0 0 L 30 0 L 15 -25 Z', { x: 350, y: 560, color: rgb(0.8, 0.1, 0.1) });
  page.drawText('End of the test page.', { x: 72, y: 500, size: 11, font });
  // a coloured box under a photo: it shows nowhere
  page.drawRectangle({ x: 400, y: 600, width: 60, height: 40, color: rgb(0.9, 0.6, 0.1) });
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  page.drawImage(await doc.embedPng(photo), { x: 398, y: 598, width: 64, height: 44 });
  return doc.save();
}

test('textless coloured boxes are kept, a white box, one under a picture and shapes that are not one box are not', async () => {
  const p = await extractFirstPage(await swatchPage());
  const fills = loneFills(p, []);
  expect(fills.map((f) => f.color)).toEqual(['#ff00ff', '#ff8080', '#ffff00', '#00ffff', '#333399', '#00ff00']);
  // at their place (PDF y 640-654 -> page y 138-152)
  for (const [i, f] of fills.entries()) {
    expect(f.x).toBeCloseTo(72 + 20 * i, 0);
    expect(f.y).toBeCloseTo(138, 0);
    expect(f.w).toBeCloseTo(16, 0);
  }
});

test('in the DOCX each swatch is a picture behind the text', async () => {
  const p = await extractFirstPage(await swatchPage());
  expect(
    layoutPage(p, false)
      .blocks.flatMap((b) => b.items)
      .filter((it) => it.kind === 'table'),
  ).toHaveLength(0);
  const xml = await sectionsXml(await pageSections(p, true));
  expect(xml.match(/<wp:anchor [^>]*behindDoc="1"/g)?.length).toBe(6);
  expect(xml).toContain('Colour test page');
});
