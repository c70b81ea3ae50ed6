// Test, fixture and bench input for PDF to Word, built in code: a titled two-column page with a link,
// and a page with a ruled table, a photo and coloured italic text. Not used by the product.
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb } from 'pdf-lib';
import { syntheticPhoto } from '../pdf-compress/make-pdfs';

export const LEFT_COLUMN = [
  'Alpha column starts here with several words that fill the line.',
  'The second line of the left column continues the same paragraph.',
  'A third line closes the first paragraph of the left column.',
];
export const RIGHT_COLUMN = [
  'Bravo column begins on the right side of the page at the top.',
  'Its second line follows below in the same column as expected.',
  'Reading order puts every right line after all left lines.',
];
export const TABLE = [['Item', 'Quantity', 'Price'], ['Apples', '12', '3.40'], ['Pears', '7', '2.10']];
export const LINK_URL = 'https://example.org/docs';

export async function sampleDocPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);

  const p1 = doc.addPage([612, 792]);
  const title = 'Quarterly Field Report';
  p1.drawText(title, { x: (612 - bold.widthOfTextAtSize(title, 20)) / 2, y: 720, size: 20, font: bold });
  LEFT_COLUMN.forEach((t, i) => p1.drawText(t, { x: 54, y: 670 - i * 14, size: 9.5, font: regular }));
  RIGHT_COLUMN.forEach((t, i) => p1.drawText(t, { x: 324, y: 670 - i * 14, size: 9.5, font: regular }));
  const linkText = 'Read the documentation online.';
  p1.drawText(linkText, { x: 54, y: 600, size: 11, font: regular, color: rgb(0, 0, 0.8) });
  const w = regular.widthOfTextAtSize(linkText, 11);
  const link = doc.context.register(doc.context.obj({
    Type: 'Annot', Subtype: 'Link', Rect: [54, 597, 54 + w, 611], Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(LINK_URL) },
  }));
  p1.node.set(PDFName.of('Annots'), doc.context.obj([link]));

  const p2 = doc.addPage([612, 792]);
  p2.drawText('Inventory', { x: 72, y: 720, size: 16, font: bold });
  const xs = [72, 222, 342, 462];
  const ys = [700, 680, 660, 640];
  for (const y of ys) p2.drawLine({ start: { x: xs[0], y }, end: { x: xs[3], y }, thickness: 0.8 });
  for (const x of xs) p2.drawLine({ start: { x, y: ys[0] }, end: { x, y: ys[3] }, thickness: 0.8 });
  TABLE.forEach((row, r) => row.forEach((cell, c) => p2.drawText(cell, {
    x: xs[c] + 4, y: ys[r] - 14, size: 10, font: r === 0 ? bold : regular,
  })));
  const pw = 600;
  const ph = 400;
  const jpeg = await sharp(await syntheticPhoto(pw, ph, 2), { raw: { width: pw, height: ph, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const img = await doc.embedJpg(jpeg);
  p2.drawImage(img, { x: 72, y: 380, width: 300, height: 200 });
  p2.drawText('A photo from the field, with an italic red caption.', { x: 72, y: 360, size: 10, font: italic, color: rgb(0.8, 0.1, 0.1) });
  return doc.save();
}

/** A landscape page and a portrait page shown rotated by 90 degrees (/Rotate 90). */
export async function rotatedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([792, 612]);
  p1.drawText('Landscape page with a wide line of text across it.', { x: 72, y: 520, size: 14, font });
  const p2 = doc.addPage([612, 792]);
  p2.setRotation(degrees(90));
  // Drawn so that it reads left to right once the page is turned.
  p2.drawText('Rotated page text reads normally.', { x: 100, y: 100, size: 14, font, rotate: degrees(90) });
  return doc.save();
}
