// An image inside a soft mask's group is the mask's content, never shown itself: what shows is what is
// painted through the mask. A web page printed by Chrome draws each box shadow as a grey fill through a
// blurred mask image; placing that image's own pixels put a black block on the page (the underscore.js
// documentation: 25 Word pages for 10, a black page-tall strip on every other one).
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml, mediaParts } from '@/tests/support/pdf-to-docx/docx-parts';

/** A line of text, and a grey square painted through a soft mask whose content is a black image (a mask
 * that hides everything, so nothing of it shows). */
async function maskedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('A page with a shadow drawn through a soft mask.', { x: 72, y: 720, size: 12, font });
  const black = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000000' } })
    .png()
    .toBuffer();
  const img = await doc.embedPng(black);
  const ctx = doc.context;
  const mask = ctx.register(
    ctx.stream('q 200 0 0 200 200 300 cm /Im1 Do Q', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 612, 792],
      Group: { S: 'Transparency', CS: 'DeviceGray' },
      Resources: { XObject: { Im1: img.ref } },
    }),
  );
  page.node.setExtGState(
    PDFName.of('GS1'),
    ctx.register(ctx.obj({ Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: mask } })),
  );
  const shadow = ctx.register(ctx.stream('q /GS1 gs 0.5 g 200 300 200 200 re f Q'));
  page.node.addContentStream(shadow);
  return doc.save();
}

test("a soft mask's image is not placed as a picture: no black block, the text kept", async () => {
  const r = await convertBytes(await maskedPdf(), 'masked.pdf');
  for (const data of Object.values(mediaParts(r.docx))) {
    const { dominant } = await sharp(data).stats();
    expect(dominant.r + dominant.g + dominant.b).toBeGreaterThan(3 * 100); // no black picture
  }
  const xml = documentXml(r.docx);
  expect(xml).toContain('A page with a shadow drawn through a soft mask.');
  expect(r.pages).toBe(1);
}, 120_000);
