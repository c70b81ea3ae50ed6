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
export const TABLE = [
  ['Item', 'Quantity', 'Price'],
  ['Apples', '12', '3.40'],
  ['Pears', '7', '2.10'],
];
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
  const link = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [54, 597, 54 + w, 611],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(LINK_URL) },
    }),
  );
  p1.node.set(PDFName.of('Annots'), doc.context.obj([link]));

  const p2 = doc.addPage([612, 792]);
  p2.drawText('Inventory', { x: 72, y: 720, size: 16, font: bold });
  const xs = [72, 222, 342, 462];
  const ys = [700, 680, 660, 640];
  for (const y of ys) p2.drawLine({ start: { x: xs[0], y }, end: { x: xs[3], y }, thickness: 0.8 });
  for (const x of xs) p2.drawLine({ start: { x, y: ys[0] }, end: { x, y: ys[3] }, thickness: 0.8 });
  TABLE.forEach((row, r) =>
    row.forEach((cell, c) =>
      p2.drawText(cell, {
        x: xs[c] + 4,
        y: ys[r] - 14,
        size: 10,
        font: r === 0 ? bold : regular,
      }),
    ),
  );
  const pw = 600;
  const ph = 400;
  const jpeg = await sharp(await syntheticPhoto(pw, ph, 2), { raw: { width: pw, height: ph, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const img = await doc.embedJpg(jpeg);
  p2.drawImage(img, { x: 72, y: 380, width: 300, height: 200 });
  p2.drawText('A photo from the field, with an italic red caption.', {
    x: 72,
    y: 360,
    size: 10,
    font: italic,
    color: rgb(0.8, 0.1, 0.1),
  });
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

/** An image-only copy of `pdf` (what a scanner gives): every page rendered by poppler at `dpi` and placed as
 * a JPEG on a page of the same size, no text layer. `keepText` pages (1-based) stay as they were. */
export async function imageOnlyPdf(pdf: Uint8Array, dpi = 200, keepText: number[] = []): Promise<Uint8Array> {
  const { execFileSync } = await import('node:child_process');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-scan-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-jpeg',
      '-jpegopt',
      'quality=85',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'p'),
    ]);
    const src = await PDFDocument.load(pdf);
    const out = await PDFDocument.create();
    const pngs = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('p-'))
      .sort();
    for (let i = 0; i < src.getPageCount(); i++) {
      if (keepText.includes(i + 1)) {
        const [copied] = await out.copyPages(src, [i]);
        out.addPage(copied);
        continue;
      }
      const { width, height } = src.getPage(i).getSize();
      const img = await out.embedJpg(fs.readFileSync(path.join(dir, pngs[i])));
      out.addPage([width, height]).drawImage(img, { x: 0, y: 0, width, height });
    }
    return await out.save();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const DRAWING_PAGE_TEXT = 'The circuit diagram below shows the regulator and its output filter.';

/** A datasheet-like document: page 1 has a vector logo (curves) top right, text, a vector diagram
 * (diagonals and a circle, with labels) and a ruled table ending near the bottom of the page; page 2 has a
 * full-page coloured background rectangle (decoration) with text on it; page 3 is plain text. */
export async function drawingsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const p1 = doc.addPage([612, 792]);
  p1.drawText('LM1234 Voltage Regulator', { x: 54, y: 730, size: 18, font: bold });
  // logo: a filled circle and a curve
  p1.drawEllipse({ x: 520, y: 735, xScale: 30, yScale: 30, color: rgb(0.1, 0.4, 0.8) });
  p1.drawSvgPath('M 0 0 C 20 -40 40 40 60 0', { x: 490, y: 735, borderColor: rgb(1, 1, 1), borderWidth: 3 });
  p1.drawText(DRAWING_PAGE_TEXT, { x: 54, y: 690, size: 11, font });
  // diagram: a zig-zag resistor, a circle and labels, between y = 480 and 660
  p1.drawSvgPath('M 0 0 L 20 -20 L 40 20 L 60 -20 L 80 20 L 100 0 L 200 0', {
    x: 120,
    y: 580,
    borderColor: rgb(0, 0, 0),
    borderWidth: 2,
  });
  p1.drawEllipse({ x: 380, y: 580, xScale: 40, yScale: 40, borderColor: rgb(0.8, 0, 0), borderWidth: 2 });
  p1.drawLine({ start: { x: 320, y: 580 }, end: { x: 340, y: 580 }, thickness: 2 });
  p1.drawText('R1', { x: 160, y: 610, size: 10, font });
  p1.drawText('OUT', { x: 368, y: 576, size: 10, font });
  for (let i = 0; i < 12; i++)
    p1.drawText(`Line ${i + 1} of the description explains the regulator in plain words.`, {
      x: 54,
      y: 440 - i * 14,
      size: 10,
      font,
    });
  // ruled table whose last rule is 40 pt above the bottom edge
  const ys = [200, 160, 120, 80, 40];
  for (const y of ys) p1.drawLine({ start: { x: 54, y }, end: { x: 558, y }, thickness: 0.8 });
  for (const x of [54, 306, 558]) p1.drawLine({ start: { x, y: 200 }, end: { x, y: 40 }, thickness: 0.8 });
  ['Parameter', 'Input voltage', 'Output current', 'Dropout'].forEach((t, r) => {
    p1.drawText(t, { x: 60, y: ys[r] - 26, size: 11, font: r ? font : bold });
    p1.drawText(['Value', '4.5 to 28 V', '1.5 A', '0.4 V'][r], {
      x: 312,
      y: ys[r] - 26,
      size: 11,
      font: r ? font : bold,
    });
  });
  const p2 = doc.addPage([612, 792]);
  p2.drawRectangle({ x: 0, y: 0, width: 612, height: 792, color: rgb(0.93, 0.95, 1) });
  p2.drawText('Application notes on a tinted page.', { x: 54, y: 720, size: 16, font: bold });
  for (let i = 0; i < 10; i++)
    p2.drawText(`Note ${i + 1}: keep the input capacitor close to the pins.`, {
      x: 54,
      y: 680 - i * 16,
      size: 11,
      font,
    });
  const p3 = doc.addPage([612, 792]);
  for (let i = 0; i < 45; i++)
    p3.drawText(`Ordering information line ${i + 1} with a part number LM1234-${i}.`, {
      x: 54,
      y: 740 - i * 15.5,
      size: 11,
      font,
    });
  return doc.save();
}
