// A web page's panel drawn as one box with rounded corners, its white body painted over it: what shows is
// the heading bar, and the section title on it is white. A rounded box was no fill (its corners are
// curves) and the white box was none either (white fills are dropped), so the bar was lost and the title
// was white on the page (a cheat sheet printed by wkhtmltopdf: every section title invisible).
import { PDFName, StandardFonts } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';

const BLUE = '0.2 0.4 0.6 rg';
// a 308 x 200 pt box, corners of 4 pt, from y 400 to 600 (PDF space)
const ROUNDED =
  '72 400 m 372 400 l 374 400 376 402 376 404 c 376 596 l 376 598 374 600 372 600 c 72 600 l ' +
  '70 600 68 598 68 596 c 68 404 l 68 402 70 400 72 400 c h f';

async function panelPdf(): Promise<Uint8Array> {
  const { doc, page } = await madePage(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const body = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of('FB'), bold.ref);
  page.node.setFontDictionary(PDFName.of('FR'), body.ref);
  // a panel of text (a drawing's few labels would make it a picture)
  const lines = [
    'Options of the parser',
    ...Array.from({ length: 10 }, (_, i) => `Define rule number ${i + 1} of the grammar`),
  ];
  const text = lines
    .slice(1)
    .map((l, i) => `BT /FR 10 Tf 76 ${562 - 15 * i} Td (${l}) Tj ET`)
    .join('\n');
  const ops = `${BLUE}\n${ROUNDED}\n1 g 68 400 308 180 re f\n1 g BT /FB 9 Tf 76 585 Td (${lines[0]}) Tj ET\n0 g ${text}`;
  page.node.addContentStream(doc.context.register(doc.context.stream(ops)));
  page.drawText('A line below the panel, in the flow of the page.', { x: 72, y: 300, size: 11, font: body });
  return doc.save();
}

test('a rounded box under a white body shows as its heading bar only', async () => {
  const p = await extractFirstPage(await panelPdf());
  const blue = p.fills.filter((f) => f.color === '#336699');
  expect(blue).toHaveLength(1);
  // the bar: 600 - 580 pt of PDF space, 192-212 from the top
  expect(blue[0].y).toBeCloseTo(192, 0);
  expect(blue[0].h).toBeCloseTo(20, 0);
  expect(blue[0].w).toBeCloseTo(308, 0);
});

test('the bar is drawn behind its white title in the DOCX', async () => {
  const xml = documentXml((await convertBytes(await panelPdf(), 'panel.pdf')).docx);
  expect(xml).toContain('Options of the parser');
  // a picture behind the text (the bar's colour box)
  expect(xml).toMatch(/behindDoc="1"/);
});

test.each([
  // a form's push button: a white bevel along its top and left edges, corners cut at 45 degrees
  ['bevel', '1 g 100 600 m 100 620 l 160 620 l 158 618 l 102 618 l 102 602 l h f'],
  ['L of six sides', '1 g 100 600 m 102 600 l 102 618 l 160 618 l 160 620 l 100 620 l h f'],
])("a white %s over a button's grey face does not cut it", async (_, white) => {
  const { doc, page } = await madePage();
  page.node.addContentStream(doc.context.register(doc.context.stream(`0.75 g 100 600 60 20 re f\n${white}`)));
  const p = await extractFirstPage(await doc.save());
  const grey = p.fills.filter((f) => f.color === '#bfbfbf');
  expect(grey).toHaveLength(1);
  expect(grey[0].w).toBeCloseTo(60, 0);
  expect(grey[0].h).toBeCloseTo(20, 0);
});

test('a box painted fully transparent (ca 0) neither covers nor adds a fill', async () => {
  const { doc, page } = await madePage();
  page.node.setExtGState(PDFName.of('GS0'), doc.context.obj({ ca: 0 }));
  // an invisible white box (a slide's hit area) over the button, larger than it, and an invisible red one
  const ops = '0.75 g 100 600 60 20 re f\nq /GS0 gs 1 g 90 590 80 40 re f 1 0 0 rg 300 600 60 20 re f Q';
  page.node.addContentStream(doc.context.register(doc.context.stream(ops)));
  const p = await extractFirstPage(await doc.save());
  expect(p.fills).toHaveLength(1);
  expect(p.fills[0]).toMatchObject({ color: '#bfbfbf' });
  expect(p.fills[0].w).toBeCloseTo(60, 0);
  expect(p.fills[0].h).toBeCloseTo(20, 0);
});
