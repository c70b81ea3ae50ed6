// Decompression bombs for the PDF Compress decoders' output caps (issue 13), by filter: small encoded data that
// expands a lot, plus one-page PDFs carrying them. (tests/support/pdf-bombs.ts has the whole-PDF bombs shared by
// every PDF tool.) Test data only, never used by the product.
import zlib from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';

/** RunLengthDecode: each (129, b) pair expands to 128 copies of b. */
export function runLengthBomb(outBytes: number, byte = 0x20): Buffer {
  const pairs = Math.ceil(outBytes / 128);
  const out = Buffer.alloc(pairs * 2 + 1);
  for (let i = 0; i < pairs; i++) {
    out[i * 2] = 129;
    out[i * 2 + 1] = byte;
  }
  out[pairs * 2] = 128; // EOD
  return out;
}

/** ASCII85Decode: each 'z' is four zero bytes. */
export const ascii85Bomb = (outBytes: number) => Buffer.from(`${'z'.repeat(Math.ceil(outBytes / 4))}~>`, 'latin1');

/** ASCIIHexDecode: no expansion, but an unbounded decode still holds all of it. */
export const asciiHexBomb = (outBytes: number) => Buffer.from(`${'20'.repeat(outBytes)}>`, 'latin1');

export const flateBomb = (outBytes: number, byte = 0x20) =>
  zlib.deflateSync(Buffer.alloc(outBytes, byte), { level: 9 });

/** LZWDecode (EarlyChange 1, PDF's default) of one repeated byte: LZW's table then holds runs of 2, 3, 4...
 * bytes, so each code stands for one more byte than the last (about 8 MB per 6 KB table). */
export function lzwBomb(outBytes: number, byte = 0x20): Buffer {
  const bits: number[] = [];
  let width = 9;
  const emit = (code: number) => {
    for (let b = width - 1; b >= 0; b--) bits.push((code >> b) & 1);
  };
  emit(256);
  let next = 258;
  let maxRun = 1;
  let remaining = outBytes;
  while (remaining > 0) {
    const run = Math.min(remaining, maxRun);
    emit(run === 1 ? byte : 258 + run - 2);
    remaining -= run;
    maxRun = run + 1; // the table gains the run one byte longer
    next++;
    if (next + 1 > 1 << width) width++; // the decoder widens one code early
    if (next >= 4094) {
      emit(256);
      width = 9;
      next = 258;
      maxRun = 1;
    }
  }
  emit(257);
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    if (bit) out[i >> 3] |= 0x80 >> (i & 7);
  });
  return out;
}

/** One page whose content stream is `data` with `filter`, decoding to (mostly) spaces. */
export async function contentBombPdf(data: Buffer, filter: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  const raw = doc.context.stream(data, { Filter: filter });
  page.node.set(PDFName.of('Contents'), doc.context.register(raw));
  return doc.save({ useObjectStreams: false });
}

/** One page drawing a 100x100 grey image whose data (`filter`) decodes to far more than 10,000 bytes. */
export async function imageBombPdf(data: Buffer, filter: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  const img = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 100,
    Height: 100,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    Filter: filter,
  });
  const ref = doc.context.register(img);
  page.node.setXObject(PDFName.of('Im0'), ref);
  const content = doc.context.stream('q 200 0 0 200 50 50 cm /Im0 Do Q');
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save({ useObjectStreams: false });
}
