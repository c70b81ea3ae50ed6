// A text item in more than one colour (issue 19, eleventh pass): pdf.js makes one text item of a line's
// glyphs in one font whatever their colour, and the run took the colour of its first letter. An R
// vignette's blue citations inside black prose came out black, and a line starting with a citation blue
// to its end. The item is cut where its glyphs' colour changes, each piece at its place.
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { extractFirstPage } from '@/tests/support/pdf-to-docx/extract-page';

const BEFORE = 'in the corresponding tests (';
const CITED = 'Moulton 1986';

async function citationPage(): Promise<{ pdf: Uint8Array; citedX: number; citedW: number }> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const hex = (s: string) => `<${font.encodeText(s).toString().slice(1, -1)}>`;
  const content = [
    `BT /F1 12 Tf 72 700 Td 0 0 0 rg ${hex(BEFORE)} Tj 0 0 0.5 rg ${hex(CITED)} Tj 0 0 0 rg ${hex('). Therefore,')} Tj ET`,
    `BT /F1 12 Tf 72 680 Td 0 0 0.5 rg ${hex('Team 2018')} Tj 0 0 0 rg ${hex('), providing an implementation')} Tj ET`,
    `BT /F1 12 Tf 72 660 Td 0 0 0 rg ${hex('A line in one colour.')} Tj ET`,
  ].join('\n');
  page.node.addContentStream(doc.context.register(doc.context.stream(content)));
  const pdf = await doc.save();
  return { pdf, citedX: 72 + font.widthOfTextAtSize(BEFORE, 12), citedW: font.widthOfTextAtSize(CITED, 12) };
}

test('a citation inside a line keeps its colour and its place', async () => {
  const { pdf, citedX, citedW } = await citationPage();
  const runs = (await extractFirstPage(pdf)).runs;
  const pieces = runs.map((r) => [r.str, r.color]);
  expect(pieces).toEqual([
    [BEFORE, '#000000'],
    [CITED, '#000080'],
    ['). Therefore,', '#000000'],
    ['Team 2018', '#000080'],
    ['), providing an implementation', '#000000'],
    ['A line in one colour.', '#000000'],
  ]);
  const cited = runs[1];
  expect(Math.abs(cited.x - citedX)).toBeLessThan(1.5);
  expect(Math.abs(cited.w - citedW)).toBeLessThan(1.5);
});

test("text outside the crop box, which pdf.js leaves out of the page's text, gives no colour to the text after it", async () => {
  // freeculture p. 182: the printer's white slug "4TH PASS PAGES" and line numbers sit outside the crop box,
  // drawn before a table whose head "PUBLISH" is black; matched by its first letter, the head took the white
  const doc = await PDFDocument.create();
  const page = doc.addPage([480, 678]);
  page.setCropBox(42, 42, 396, 594);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const hex = (s: string) => `<${font.encodeText(s).toString().slice(1, -1)}>`;
  const content = [
    `BT /F1 18 Tf 56 11 Td 1 1 1 rg ${hex('4TH PASS PAGES')} Tj ET`,
    `BT /F1 10 Tf 90 400 Td 0 0 0 rg ${hex('PUBLISH')} Tj 60 0 Td ${hex('TRANSFORM')} Tj ET`,
  ].join('\n');
  page.node.addContentStream(doc.context.register(doc.context.stream(content)));
  const runs = (await extractFirstPage(await doc.save())).runs;
  expect(runs.map((r) => [r.str, r.color])).toEqual([
    ['PUBLISH', '#000000'],
    ['TRANSFORM', '#000000'],
  ]);
});
