// Decodes an upload to 8-bit sRGB RGBA pixels at its displayed (EXIF-oriented) size. JPEG (incl. greyscale
// and CMYK), PNG (incl. 16-bit, palette) and GIF (first frame) go through the shared sharp-input checks;
// BMP, which sharp cannot read, goes through bmp-ts after a header check of its pixel count.
import 'server-only';
import { open, readFile } from 'node:fs/promises';
import { decode as decodeBmpFile } from 'bmp-ts';
import { AppError, displayName } from '@/lib/core/errors';
import { decode, guarded, maxInputPixels, openImage, type ImageFormat } from '../common/sharp-input';

export interface RgbaImage {
  data: Buffer;
  width: number;
  height: number;
  /** Some pixel of the input was not fully opaque. */
  hasAlpha: boolean;
}

export interface DecodeOptions {
  formats: ImageFormat[];
  allowBmp: boolean;
  /** Tool-specific ceiling below the shared limit (bounded memory for per-pixel work). */
  maxPixels?: number;
}

const mp = (n: number) => `${Math.round(n / 1e6)} megapixels`;

function checkPixels(name: string, width: number, height: number, limit: number): void {
  if (width * height > limit) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `"${displayName(name)}" is too large: ${width} × ${height} pixels; the limit for this tool is ${mp(limit)}.`,
    );
  }
}

function anyTransparent(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return true;
  return false;
}

export async function decodeRgba(file: { path: string; name: string }, opts: DecodeOptions): Promise<RgbaImage> {
  const limit = Math.min(opts.maxPixels ?? Infinity, maxInputPixels());
  const head = Buffer.alloc(2);
  const fh = await open(file.path, 'r');
  try {
    await fh.read(head, 0, 2, 0);
  } finally {
    await fh.close();
  }
  if (opts.allowBmp && head.toString('latin1') === 'BM') return decodeBmp(file, limit);

  const src = await openImage(file, opts.formats);
  checkPixels(file.name, src.width, src.height, limit);
  return guarded(src, async () => {
    const { data, info } = await decode(src)
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`unexpected channel count ${info.channels}`);
    return { data, width: info.width, height: info.height, hasAlpha: anyTransparent(data) };
  });
}

async function decodeBmp(file: { path: string; name: string }, limit: number): Promise<RgbaImage> {
  const name = displayName(file.name);
  const buf = await readFile(file.path);
  const damaged = () =>
    new AppError(
      'UNPROCESSABLE',
      `"${name}" is damaged or incomplete (the image data ends early or is corrupt). Save or export it again and retry.`,
    );
  if (buf.length < 30) throw damaged();
  const headerSize = buf.readUInt32LE(14);
  const core = headerSize === 12; // OS/2 BITMAPCOREHEADER: 16-bit sizes
  const width = core ? buf.readUInt16LE(18) : buf.readInt32LE(18);
  const height = Math.abs(core ? buf.readInt16LE(20) : buf.readInt32LE(22));
  if (width <= 0 || height <= 0) throw damaged();
  checkPixels(file.name, width, height, limit);
  const bitPP = buf.readUInt16LE(core ? 24 : 28);
  const compression = core ? 0 : buf.readUInt32LE(30);
  if (![1, 4, 8, 16, 24, 32].includes(bitPP) || ![0, 1, 2, 3, 6].includes(compression)) {
    throw new AppError(
      'UNSUPPORTED_TYPE',
      `"${name}" uses a BMP variant that is not supported (${bitPP}-bit, compression ${compression}). Save it as PNG or JPEG and retry.`,
    );
  }
  const offset = buf.readUInt32LE(10);
  const rowBytes = Math.ceil((width * bitPP) / 32) * 4;
  if (compression === 0 && offset + rowBytes * height > buf.length) throw damaged();
  let abgr: Buffer;
  try {
    // bmp-ts's default byte order is A,B,G,R (its RGBA mode mis-writes 1-bit images).
    abgr = decodeBmpFile(buf).data;
  } catch {
    throw damaged();
  }
  const n = width * height;
  if (abgr.length < n * 4) throw damaged();
  const data = Buffer.allocUnsafe(n * 4);
  let alphaSeen = false;
  for (let i = 0; i < n * 4; i += 4) {
    data[i] = abgr[i + 3];
    data[i + 1] = abgr[i + 2];
    data[i + 2] = abgr[i + 1];
    data[i + 3] = abgr[i];
    if (abgr[i] !== 0) alphaSeen = true;
  }
  // Only 32-bit (and bitfield) BMPs may carry alpha, and most 32-bit files leave it all zero: opaque then.
  const hasAlphaChannel = bitPP === 32 || compression === 6;
  if (!hasAlphaChannel || !alphaSeen) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { data, width, height, hasAlpha: anyTransparent(data) };
}
