// Image Compress with settings (issue 20): WebP or AVIF beside JPEG, each with the same similarity-driven
// quality search, and an optional "at most N KB" target. With a target, the similarity choice is kept when it
// fits (no bytes wasted on a higher quality); otherwise the highest quality down to an acceptable floor that
// fits is searched on the whole picture (sizes do not scale from a sample). When even the floor is too big,
// the picture is reduced step by step until it fits, and a notice says so with the figures.
import 'server-only';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { JobOutput } from '../../types';
import type { CompressFormat, ImageCompressSettings } from '../compress/options';
import { findQuality, jpegOptions, type QualitySearch, type RawEncoder } from './jpeg-search';
import { decode, guarded, type SourceImage } from './sharp-input';
import type { RawImage } from './similarity';

/** Quality ranges per encoder: WebP and AVIF reach a given similarity at lower numbers than mozjpeg. The
 * similarity target itself is Image Compress's (compressSearch()), so all formats look alike. */
export const FORMAT_RANGE: Record<CompressFormat, { min: number; max: number }> = {
  jpeg: { min: 40, max: 85 },
  webp: { min: 30, max: 90 },
  avif: { min: 20, max: 80 },
};

/** Below these, blocking/smearing is plain to see: a target is met by reducing the picture instead. */
export const QUALITY_FLOOR: Record<CompressFormat, number> = { jpeg: 30, webp: 25, avif: 18 };

const TYPES: Record<CompressFormat, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  webp: { mime: 'image/webp', ext: 'webp' },
  avif: { mime: 'image/avif', ext: 'avif' },
};

const NAMES: Record<CompressFormat, string> = { jpeg: 'JPEG', webp: 'WebP', avif: 'AVIF' };
/** AVIF encoding speed: effort 4 took 19 s on a 2 MP photo here, 3 takes 3.3 s for 5 % more bytes. The quality
 * search runs at effort 0 (0.6 s): aom's quantiser follows the quality number, not the effort, so the chosen
 * quality carries over (the bench reports the similarity reached by the final encode). */
const AVIF_EFFORT = 3;
const AVIF_SEARCH_EFFORT = 0;

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** WebP's effort in the size search (4 is sharp's default and ours for the file that is kept). */
const WEBP_SEARCH_EFFORT = 2;

function withFormat(pipe: Sharp, format: CompressFormat, quality: number, search = false): Sharp {
  if (format === 'webp') return pipe.webp({ quality, effort: search ? WEBP_SEARCH_EFFORT : 4, smartSubsample: true });
  if (format === 'avif')
    return pipe.avif({ quality, effort: search ? AVIF_SEARCH_EFFORT : AVIF_EFFORT, chromaSubsampling: '4:2:0' });
  return pipe.jpeg(jpegOptions(quality));
}

/** The search's encoder for WebP/AVIF on raw pixels (JPEG uses jpeg-search's default). */
export function rawEncoder(format: CompressFormat): RawEncoder | undefined {
  if (format === 'jpeg') return undefined;
  return (img: RawImage, q: number) =>
    withFormat(
      sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels as 1 | 3 } }),
      format,
      q,
      true,
    ).toBuffer();
}

/** The whole picture in a format at a quality, optionally reduced to `size` (oriented width × height). JPEG
 * keeps ICC, greyscale and CMYK as the default path does; WebP/AVIF are rendered to sRGB. */
export function encodeAs(
  src: SourceImage,
  format: CompressFormat,
  quality: number,
  size?: { width: number; height: number },
  fast = false,
): Promise<Buffer> {
  let pipe = decode(src);
  if (size) pipe = pipe.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
  if (format === 'jpeg') {
    pipe.keepIccProfile();
    if (src.cmyk) pipe.pipelineColourspace('cmyk').toColourspace('cmyk');
    else if (src.grey) pipe.toColourspace('b-w');
  } else {
    pipe.toColourspace('srgb');
    if (!src.cmyk) pipe.keepIccProfile();
  }
  return withFormat(pipe, format, quality, fast).toBuffer();
}

type Size = { width: number; height: number } | undefined;

/** Highest quality that fits, searched with the fast encoder settings (whole-picture AVIF at effort 3 takes
 * many seconds per try), then written at full effort at that quality; full effort is smaller in practice, and
 * the fast file is kept in the rare case it is not. JPEG has no effort setting: both are the same. */
async function fitFast(src: SourceImage, format: CompressFormat, lo: number, hi: number, limit: number, size: Size) {
  const fit = await fitQuality((q) => encodeAs(src, format, q, size, true), lo, hi, limit);
  if (!fit.best || format === 'jpeg') return fit;
  const full = await encodeAs(src, format, fit.best.quality, size);
  return full.length <= limit ? { ...fit, best: { quality: fit.best.quality, data: full } } : fit;
}

/** Highest quality in [lo, hi] whose file is at most `limit` bytes, or null when even `lo` is larger (then
 * `smallest` is the file at `lo`). */
async function fitQuality(encode: (q: number) => Promise<Buffer>, lo: number, hi: number, limit: number) {
  let best: { quality: number; data: Buffer } | null = null;
  let smallest: Buffer | null = null;
  while (lo <= hi) {
    const q = (lo + hi) >> 1;
    const data = await encode(q);
    if (data.length <= limit) {
      best = { quality: q, data };
      lo = q + 1;
    } else {
      if (q === lo || !smallest || data.length < smallest.length) smallest = data;
      hi = q - 1;
    }
  }
  return { best, smallest };
}

export interface SettingsOutcome {
  data: Buffer;
  format: CompressFormat;
  notice?: string;
}

/**
 * The encode for a request with settings. `search` is Image Compress's JPEG search (its target is shared by
 * every format); `lossless` is the jpegtran result when there is one (JPEG only, same pixels).
 */
export async function compressWithSettings(
  src: SourceImage,
  ref: RawImage,
  settings: ImageCompressSettings,
  search: QualitySearch,
  lossless: Buffer | null,
): Promise<SettingsOutcome> {
  const format = settings.format ?? 'jpeg';
  const range = format === 'jpeg' ? { min: search.min, max: search.max } : FORMAT_RANGE[format];
  const { quality } = await guarded(src, () => findQuality(ref, { ...search, ...range }, rawEncoder(format)), 'JPEG');
  let data = await guarded(src, () => encodeAs(src, format, quality), 'JPEG');
  if (format === 'jpeg' && lossless && lossless.length <= data.length) data = lossless;
  const limit = settings.target_kb !== undefined ? settings.target_kb * 1024 : undefined;
  if (limit === undefined || data.length <= limit) {
    const larger = format !== 'jpeg' && data.length >= src.data.length;
    return {
      data,
      format,
      ...(larger
        ? {
            notice: `The ${NAMES[format]} file (${kb(data.length)}) is not smaller than the original (${kb(src.data.length)}).`,
          }
        : {}),
    };
  }
  const floor = Math.min(QUALITY_FLOOR[format], quality);
  // The floor first: for a big photo and a small target it already fails, and the whole-picture encodes of a
  // binary search (the slow part) are skipped.
  const floorFile = await encodeAs(src, format, floor);
  if (floorFile.length <= limit) {
    const full = await fitFast(src, format, floor + 1, quality - 1, limit, undefined);
    return { data: full.best?.data ?? floorFile, format };
  }
  // Even the floor is too big at full size: reduce the picture until the floor quality fits.
  let atFloor = floorFile.length;
  let scale = 1;
  let last = floorFile;
  for (let step = 0; step < 6; step++) {
    scale *= Math.sqrt(limit / atFloor) * 0.92;
    const size = {
      width: Math.max(1, Math.round(ref.width * scale)),
      height: Math.max(1, Math.round(ref.height * scale)),
    };
    if (size.width < 16 || size.height < 16) break;
    const fit = await fitFast(src, format, floor, quality, limit, size);
    if (fit.best) {
      return {
        data: fit.best.data,
        format,
        notice: `Even the lowest acceptable quality gave ${kb(floorFile.length)} at full size, so to stay under ${settings.target_kb} KB the picture was reduced to ${size.width}×${size.height} pixels.`,
      };
    }
    last = fit.smallest ?? last;
    atFloor = last.length;
  }
  return {
    data: last,
    format,
    notice: `${settings.target_kb} KB cannot be reached at an acceptable quality: this is the smallest result (${kb(last.length)}).`,
  };
}

/** Writes the outcome as compressed.<ext> and gives the JobOutput (type set for WebP/AVIF). */
export async function writeOutcome(o: SettingsOutcome, workDir: string): Promise<JobOutput> {
  const file = path.join(workDir, `compressed.${TYPES[o.format].ext}`);
  await writeFile(file, o.data);
  return {
    path: file,
    ...(o.notice ? { notice: o.notice } : {}),
    ...(o.format !== 'jpeg' ? { type: TYPES[o.format] } : {}),
  };
}
