// Recompresses one image XObject at a time (bounded memory): downsamples it when its pixels exceed what its
// largest placement can show (> 225 dpi → 150 dpi), turns photographic pixels into mozjpeg JPEG and keeps
// line art lossless (PNG-predicted Flate). An image is only replaced when the new stream is smaller.
import sharp from 'sharp';
import { PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFContext, type PDFRef } from 'pdf-lib';
import {
  DecodeCapError,
  applyFilters,
  colourInfo,
  deflatePredicted,
  expandPalette,
  filterChain,
  looksPhotographic,
} from './pixels';
import type { Placement } from './placements';

export interface ImageSettings {
  targetDpi: number;
  /** Downsample only above this resolution (the gap avoids resampling for tiny gains). */
  thresholdDpi: number;
  jpegQuality: number;
  /** An existing JPEG that is not downsampled is re-encoded only when this much smaller... */
  jpegReencodeGain: number;
  /** ...at no lower quality than this. */
  jpegRequality: number;
  /** Decoded images above this many bytes are left alone (memory bound). */
  maxDecodedBytes: number;
  /** Screenshots and charts too become JPEG when that is smaller than lossless (as Ghostscript /ebook does);
   * false: only photographic images are made lossy. Soft masks always stay lossless. */
  jpegForAll: boolean;
}

export const DEFAULT_IMAGE_SETTINGS: ImageSettings = {
  targetDpi: 150,
  thresholdDpi: 225,
  jpegQuality: 76,
  jpegReencodeGain: 0.8,
  jpegRequality: 76,
  maxDecodedBytes: 256 * 1024 * 1024,
  jpegForAll: false,
};

export interface ImageResult {
  before: number;
  after: number;
  action: 'jpeg' | 'flate' | 'kept';
}

const N = (s: string) => PDFName.of(s);
const numOf = (d: PDFDict, k: string): number | undefined => {
  const v = d.lookup(N(k));
  return v instanceof PDFNumber ? v.asNumber() : undefined;
};

/** New pixel size for an image of w x h drawn at most placement's size, or null to keep it. */
export function targetSize(
  w: number,
  h: number,
  p: Placement | undefined,
  s: ImageSettings,
): { w: number; h: number } | null {
  if (!p) return null;
  const dpiX = (w * 72) / p.maxW;
  const dpiY = (h * 72) / p.maxH;
  // Uniform scale keeping the lower of the two resolutions at the target.
  const dpi = Math.min(dpiX, dpiY);
  if (!(dpi > s.thresholdDpi)) return null;
  const k = s.targetDpi / dpi;
  const nw = Math.max(1, Math.round(w * k));
  const nh = Math.max(1, Math.round(h * k));
  return nw < w && nh < h ? { w: nw, h: nh } : null;
}

function decodeKind(d: PDFDict, comps: number, indexed: boolean): 'default' | 'inverted' | 'other' {
  const dec = d.lookup(N('Decode'));
  if (!dec) return 'default';
  const arr = (dec as unknown as { asArray?: () => unknown[] }).asArray?.();
  if (!arr || arr.length !== 2 * comps) return 'other';
  const vals = arr.map((v) => (v instanceof PDFNumber ? v.asNumber() : NaN));
  if (vals.every((v, i) => (i % 2 === 0 ? v === 0 : v === (indexed ? 255 : 1)))) return 'default';
  if (!indexed && vals.every((v, i) => (i % 2 === 0 ? v === 1 : v === 0))) return 'inverted';
  return 'other';
}

const hasAdobeMarker = (jpeg: Uint8Array) =>
  Buffer.from(jpeg.buffer, jpeg.byteOffset, Math.min(jpeg.byteLength, 65536)).includes('Adobe');

export async function recompressImage(
  ctx: PDFContext,
  ref: PDFRef,
  stream: PDFRawStream,
  placement: Placement | undefined,
  isSoftMask: boolean,
  s: ImageSettings,
): Promise<ImageResult> {
  const d = stream.dict;
  const before = stream.contents.length;
  const kept: ImageResult = { before, after: before, action: 'kept' };
  const w = numOf(d, 'Width');
  const h = numOf(d, 'Height');
  const bpc = numOf(d, 'BitsPerComponent');
  if (!w || !h || w < 1 || h < 1 || bpc !== 8) return kept;
  if (d.lookup(N('ImageMask'))?.toString() === 'true') return kept;
  if (d.get(N('Mask')) && !(d.lookup(N('Mask')) instanceof PDFRawStream)) return kept; // colour-key mask
  const chain = filterChain(d);
  if (!chain) return kept;
  const info =
    isSoftMask && !d.get(N('ColorSpace'))
      ? { comps: 1 as const, space: N('DeviceGray') }
      : colourInfo(ctx, d.get(N('ColorSpace')));
  if (!info) return kept;
  const decode = decodeKind(d, info.palette ? 1 : info.comps, !!info.palette);
  // Inverted /Decode is the usual companion of Adobe CMYK JPEGs; it is kept as it is (see below).
  if (decode === 'other' || (decode === 'inverted' && info.comps !== 4)) return kept;
  const size = targetSize(w, h, placement, s);
  const last = chain.names[chain.names.length - 1];

  if (last === 'DCTDecode' || last === 'DCT') {
    if (info.palette) return kept;
    const jpeg = applyFilters(
      ctx,
      stream.contents,
      { names: chain.names.slice(0, -1), parms: chain.parms.slice(0, -1) },
      before * 4 + 1024,
    );
    if (!jpeg) return kept;
    const meta = await sharp(jpeg)
      .metadata()
      .catch(() => null);
    if (!meta || meta.width !== w || meta.height !== h || meta.channels !== info.comps) return kept;
    const cmyk = info.comps === 4;
    // CMYK: only Adobe-style JPEGs (libjpeg writes that style again, so the file's /Decode stays right),
    // processed in CMYK so no colour conversion happens.
    if (cmyk && (meta.space !== 'cmyk' || !hasAdobeMarker(jpeg))) return kept;
    if (!cmyk && meta.space === 'cmyk') return kept;
    let img = sharp(jpeg, { ignoreIcc: true, failOn: 'none' });
    if (cmyk) img = img.pipelineColourspace('cmyk');
    if (size) img = img.resize(size.w, size.h, { fit: 'fill' });
    if (info.comps === 1) img = img.toColourspace('b-w');
    if (cmyk) img = img.toColourspace('cmyk');
    // A JPEG kept at its size is decoded and encoded again: a second generation needs a higher quality.
    const quality = size ? s.jpegQuality : Math.max(s.jpegQuality, s.jpegRequality);
    const out = await img
      .jpeg({ quality, mozjpeg: true })
      .toBuffer()
      .catch(() => null);
    if (!out || !(await sameChannels(out, info.comps)) || (cmyk && !hasAdobeMarker(out))) return kept;
    const limit = size ? before : before * s.jpegReencodeGain;
    if (out.length >= limit) return kept;
    replace(ctx, ref, stream, out, size ?? { w, h }, 'DCTDecode', info.space, null, cmyk);
    return { before, after: out.length, action: 'jpeg' };
  }

  if (info.comps === 4) return kept; // raw CMYK pixels: left alone
  const srcComps = info.palette ? 1 : info.comps;
  const expected = w * h * srcComps;
  // Palette images expand to `comps` bytes a pixel: the cap holds for the expanded pixels too.
  if (w * h * info.comps > s.maxDecodedBytes) return kept;
  let raw: Uint8Array | null;
  try {
    // Only the declared pixels are decoded (plus PNG predictors' one byte a row): data past them (padding,
    // a bomb) is never produced.
    raw = applyFilters(ctx, stream.contents, chain, expected + h, true);
  } catch (e) {
    if (e instanceof DecodeCapError) throw e;
    return kept;
  }
  if (!raw || raw.length < expected) return kept;
  const pixels = info.palette ? expandPalette(raw, w * h, info.comps, info.palette) : raw.subarray(0, expected);
  const photo = !isSoftMask && looksPhotographic(pixels, w, h, info.comps);

  if (photo) {
    let img = sharp(pixels, { raw: { width: w, height: h, channels: info.comps } });
    if (size) img = img.resize(size.w, size.h, { fit: 'fill' });
    if (info.comps === 1) img = img.toColourspace('b-w');
    const out = await img
      .jpeg({ quality: s.jpegQuality, mozjpeg: true })
      .toBuffer()
      .catch(() => null);
    if (out && out.length < before && (await sameChannels(out, info.comps))) {
      replace(ctx, ref, stream, out, size ?? { w, h }, 'DCTDecode', info.space, null);
      return { before, after: out.length, action: 'jpeg' };
    }
    return kept;
  }

  // Line art, text scans, masks: lossless. Downsampled pixels lose their palette (new shades appear).
  let out: Buffer;
  let dims = { w, h };
  let comps: number = info.comps;
  let space = info.space;
  if (size) {
    const resized = await sharp(pixels, { raw: { width: w, height: h, channels: info.comps } })
      .resize(size.w, size.h, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (resized.info.channels !== info.comps) return kept;
    out = deflatePredicted(resized.data, size.w, size.h, info.comps);
    dims = size;
  } else if (info.palette) {
    out = deflatePredicted(raw.subarray(0, expected), w, h, 1);
    comps = 1;
    space = d.get(N('ColorSpace'))!;
  } else {
    out = deflatePredicted(pixels, w, h, info.comps);
  }
  if (s.jpegForAll && !isSoftMask) {
    // Line art in JPEG rings at edges, so it must win clearly over the lossless form to be taken.
    const src = size
      ? sharp(pixels, { raw: { width: w, height: h, channels: info.comps } }).resize(size.w, size.h, { fit: 'fill' })
      : sharp(pixels, { raw: { width: w, height: h, channels: info.comps } });
    const jpeg = await (info.comps === 1 ? src.toColourspace('b-w') : src)
      .jpeg({ quality: s.jpegQuality, mozjpeg: true })
      .toBuffer()
      .catch(() => null);
    if (jpeg && jpeg.length < Math.min(before, out.length * 0.8) && (await sameChannels(jpeg, info.comps))) {
      replace(ctx, ref, stream, jpeg, size ?? { w, h }, 'DCTDecode', info.space, null);
      return { before, after: jpeg.length, action: 'jpeg' };
    }
  }
  if (out.length >= before) return kept;
  replace(ctx, ref, stream, out, dims, 'FlateDecode', space, comps);
  return { before, after: out.length, action: 'flate' };
}

async function sameChannels(jpeg: Buffer, comps: number): Promise<boolean> {
  const m = await sharp(jpeg)
    .metadata()
    .catch(() => null);
  return !!m && m.channels === comps;
}

function replace(
  ctx: PDFContext,
  ref: PDFRef,
  old: PDFRawStream,
  bytes: Buffer,
  dims: { w: number; h: number },
  filter: 'DCTDecode' | 'FlateDecode',
  space: import('pdf-lib').PDFObject,
  predictorColors: number | null,
  keepDecode = false,
) {
  const d = old.dict.clone(ctx);
  d.set(N('Width'), PDFNumber.of(dims.w));
  d.set(N('Height'), PDFNumber.of(dims.h));
  d.set(N('BitsPerComponent'), PDFNumber.of(8));
  d.set(N('Filter'), N(filter));
  d.set(N('ColorSpace'), space);
  d.delete(N('DecodeParms'));
  d.delete(N('DP'));
  if (!keepDecode) d.delete(N('Decode'));
  if (predictorColors !== null) {
    d.set(N('DecodeParms'), ctx.obj({ Predictor: 15, Colors: predictorColors, BitsPerComponent: 8, Columns: dims.w }));
  }
  ctx.assign(ref, PDFRawStream.of(d, bytes));
}
