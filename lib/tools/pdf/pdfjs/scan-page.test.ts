import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { imageOnlyPdf, sampleDocPdf } from '@/tests/support/pdf-to-docx/make-pdfs';
import { extractPages } from '@/tests/support/pdf-to-docx/extract-page';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { mediaParts } from '@/tests/support/pdf-to-docx/docx-parts';

const extract = (bytes: Uint8Array) => extractPages(bytes, { renderDpi: 200, maxPages: 10 });

// A scanned page is rendered without walking its operator list: before, pdf.js decoded its JPEG twice and
// the scan's pixels were copied out as an image the DOCX never places.
test('a page with no text and no annotations is rendered whole, its images not copied out', async () => {
  const [page] = await extract(await imageOnlyPdf(await sampleDocPdf()));
  expect(page.runs).toEqual([]);
  expect(page.images).toEqual([]);
  expect(page.rendered).toMatchObject({ x: 0, y: 0, w: page.width, h: page.height, format: 'jpg' });
  const meta = await sharp(Buffer.from(page.rendered!.data)).metadata();
  expect(meta.width).toBe(Math.ceil((page.width * 200) / 72));
  // the render shows the scan (dark print on the page), not an empty canvas
  const { dominant } = await sharp(Buffer.from(page.rendered!.data)).stats();
  expect(dominant.r).toBeGreaterThan(200);
  const { channels } = await sharp(Buffer.from(page.rendered!.data)).stats();
  expect(channels[0].min).toBeLessThan(80);
});

test('a scan with an annotation, and a page that paints nothing, are read as before', async () => {
  const scan = await PDFDocument.load(await imageOnlyPdf(await sampleDocPdf()));
  const first = scan.getPage(0);
  const link = scan.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [72, 72, 200, 90],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.org/') },
  });
  first.node.set(PDFName.of('Annots'), scan.context.obj([scan.context.register(link)]));
  scan.addPage([612, 792]);
  const pages = await extract(await scan.save());
  const [annotated, blank] = [pages[0], pages[pages.length - 1]];
  // walked as a page (its picture found, its link kept) and rendered, as before this path existed
  expect(annotated.images).toHaveLength(1);
  expect(annotated.links).toHaveLength(1);
  expect(annotated.rendered).toBeDefined();
  expect(blank.rendered).toBeUndefined();
});

// A tiling pattern whose step is far larger than its cell (Ghostscript writes a Word picture fill so): pdf.js
// makes a tile canvas the size of the step, which the pdf.js thread turns into a pattern from its pixels.
test('a shape filled with a widely stepped tiling pattern shows the pattern where its cell is', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const cell = doc.context.flateStream('0 0.6 0 rg 0 0 40 40 re f', {
    Type: 'Pattern',
    PatternType: 1,
    PaintType: 1,
    TilingType: 1,
    BBox: [0, 0, 40, 40],
    XStep: 1500,
    YStep: 1500,
    Matrix: [1, 0, 0, 1, 100, 400],
    Resources: {},
  });
  page.node.set(PDFName.of('Resources'), doc.context.obj({ Pattern: { P0: doc.context.register(cell) } }));
  page.drawText('A chart of the tariff, its bar filled with a picture:', {
    x: 72,
    y: 700,
    size: 12,
    font,
    color: rgb(0, 0, 0),
  });
  // the shape, with a triangle and a curve over it so that it is rendered as a drawing
  const ops =
    '/Pattern cs /P0 scn 90 390 m 150 390 l 150 450 l 90 450 l h f ' +
    '0 G 1 w 80 380 m 160 380 l 160 460 l h S 80 420 m 120 470 160 470 200 420 c S';
  const stream = doc.context.flateStream(ops);
  page.node.addContentStream(doc.context.register(stream));
  const r = await convertBytes(await doc.save(), 'pattern.pdf');
  const pictures = Object.values(mediaParts(r.docx));
  expect(pictures.length).toBeGreaterThan(0);
  // some picture holds the cell's green where the shape and the cell overlap
  let green = 0;
  for (const png of pictures) {
    const { data, info } = await sharp(Buffer.from(png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += info.channels)
      if (data[i] < 40 && data[i + 1] > 120 && data[i + 2] < 40) green++;
  }
  expect(green).toBeGreaterThan(1000);
});
