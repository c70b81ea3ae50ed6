// "Time bombs" (issue 13): small files whose processing takes far longer than the job time limit, for the
// per-tool cost estimate (lib/tools/cost.ts). Unlike the memory bombs (pdf-bombs.ts) nothing here inflates:
// the work is real, only repeated. Test data only, never used by the product.
import zlib from 'node:zlib';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream, type PDFDict, type PDFRef } from 'pdf-lib';

const LOREM =
  'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua';

/** A letter page of printed-looking text at 200 dpi, as a greyscale JPEG (what a scanner makes). */
export async function scannedTextJpeg(): Promise<Buffer> {
  const w = 1700;
  const h = 2200;
  const lines = Array.from(
    { length: 60 },
    (_, i) =>
      `<text x="120" y="${160 + i * 32}" font-family="DejaVu Serif, serif" font-size="24">${LOREM.slice(i % 7)} ${i}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#fff"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).greyscale().jpeg({ quality: 80 }).toBuffer();
}

/** A scanned "book": `pages` letter pages, each showing the same page image and no text layer, so PDF to Word
 * renders and reads every page by OCR (seconds each). The image is stored once: the file stays small. */
export async function scannedBookPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedJpg(await scannedTextJpeg());
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    page.drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
  }
  return doc.save();
}

/** `count` pages, each with its own `side` x `side` greyscale image (distinct, so nothing is merged as a
 * duplicate), striped so Flate keeps each one tiny: a few MB of file, gigapixels for PDF Compress. */
export async function manyLargeImagesPdf(count: number, side = 5000): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  for (let i = 0; i < count; i++) {
    const row = Buffer.alloc(side);
    for (let x = 0; x < side; x++) row[x] = ((x >> (1 + (i % 5))) & 1) * 200 + (i % 50);
    const deflate = zlib.createDeflate({ level: 9 });
    const parts: Buffer[] = [];
    deflate.on('data', (b: Buffer) => parts.push(b));
    const done = new Promise((r) => deflate.on('end', r));
    for (let y = 0; y < side; y++) deflate.write(row);
    deflate.end();
    await done;
    const dict = ctx.obj({
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    }) as PDFDict;
    const ref: PDFRef = ctx.register(PDFRawStream.of(dict, Buffer.concat(parts)));
    const page = doc.addPage([612, 792]);
    const name = page.node.newXObject('Im', ref);
    const content = ctx.register(ctx.flateStream(`q 612 0 0 792 0 0 cm /${name.asString().slice(1)} Do Q`));
    page.node.set(PDFName.of('Contents'), content);
  }
  return doc.save({ useObjectStreams: false });
}
