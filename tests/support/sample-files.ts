// Tiny valid files of each kind the server recognises, made on the fly, for tests that need "a real file
// of type X" without caring about its content (type checks, limits, isolation).
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import type { FileKind } from '@/lib/tools/registry';
import type { FixtureFile } from './tool-fixture';

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('sample', { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

const raster = (format: 'jpeg' | 'png' | 'gif') =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/** A 2x2 24-bit BMP (sharp cannot write BMP); the header layout is the plain BITMAPINFOHEADER. */
function bmp(): Buffer {
  const row = 8; // 2 px * 3 bytes, padded to 4
  const b = Buffer.alloc(54 + row * 2);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(row * 2, 34);
  b.fill(0x7f, 54);
  return b;
}

export async function sampleFile(kind: Exclude<FileKind, 'docx' | 'pptx'>, name?: string): Promise<FixtureFile> {
  switch (kind) {
    case 'pdf':
      return { name: name ?? 'sample.pdf', data: await pdf() };
    case 'bmp':
      return { name: name ?? 'sample.bmp', data: bmp() };
    default:
      return { name: name ?? `sample.${kind === 'jpeg' ? 'jpg' : kind}`, data: await raster(kind) };
  }
}
