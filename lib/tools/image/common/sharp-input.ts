// Shared, careful decoding of uploaded images with sharp. Every image tool opens its input here so that
// decompression bombs, truncated or corrupt files and wrong formats become clear AppErrors naming the file.
//
// API (small on purpose):
//   openImage(file, formats)  read + check header, format and pixel count; returns a SourceImage
//   decode(src)               a fresh sharp pipeline on it: pixel limit, EXIF orientation applied, strict on
//                             truncated data (call once per output; sharp pipelines are single-use)
//   imageError(e, name)       map any sharp failure to an AppError naming the file (AppErrors pass through)
//   maxInputPixels()          the pixel limit: env IMAGE_MAX_PIXELS, default 100 megapixels
import 'server-only';
import { readFile } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError, displayName, isAppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'heif';

const FORMAT_NAMES: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  tiff: 'TIFF',
  heif: 'HEIF',
};

export const DEFAULT_MAX_PIXELS = 100_000_000;

/** Largest accepted width × height (all frames). IMAGE_MAX_PIXELS overrides the 100 MP default. */
export function maxInputPixels(): number {
  return serverConfig().imageMaxPixels;
}

export interface SourceImage {
  /** The visitor's file name (for messages). */
  name: string;
  data: Buffer;
  meta: Metadata;
  format: ImageFormat;
  /** Size as displayed, i.e. after EXIF orientation. */
  width: number;
  height: number;
  /** Stored as greyscale (1 channel, or 2 with alpha). */
  grey: boolean;
  cmyk: boolean;
}

const mp = (n: number) => (n / 1e6).toFixed(n < 10e6 ? 1 : 0);

/**
 * Read an uploaded image and check it before any pixel is decoded: it must be one of `formats`, its header
 * readable, and its pixel count within maxInputPixels() (a 2 MB PNG can claim 25200 × 33300 pixels).
 */
export async function openImage(
  file: { path: string; name: string },
  formats: readonly ImageFormat[],
): Promise<SourceImage> {
  const name = displayName(file.name);
  const data = await readFile(file.path);
  const expected = formats.map((f) => FORMAT_NAMES[f]).join(' or ');
  let meta: Metadata;
  try {
    // Header only; the pixel limit is checked below with a message that gives the real size.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw imageError(e, file.name, expected);
  }
  const format = meta.format as ImageFormat;
  if (!formats.includes(format)) {
    throw new AppError('UNSUPPORTED_TYPE', `"${name}" is not a ${expected} image.`);
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w <= 0 || h <= 0) throw new AppError('UNPROCESSABLE', `"${name}" has no image data.`);
  const pixels = w * h * (meta.pages ?? 1);
  const limit = maxInputPixels();
  if (pixels > limit) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `"${name}" is too large: ${w} × ${h} pixels (${mp(pixels)} megapixels); the limit is ${mp(limit)} megapixels.`,
    );
  }
  const swap = (meta.orientation ?? 1) >= 5;
  return {
    name: file.name,
    data,
    meta,
    format,
    width: swap ? h : w,
    height: swap ? w : h,
    grey: meta.space === 'b-w' || meta.space === 'grey16' || meta.channels === 1,
    cmyk: meta.space === 'cmyk',
  };
}

/**
 * A new sharp pipeline on the source with the pixel limit, EXIF orientation applied (sharp ignores it
 * unless told) and failure on truncated data. Orientation is applied, so drop the EXIF tag in the output.
 */
export function decode(src: SourceImage, options: { autoOrient?: boolean } = {}): Sharp {
  return sharp(src.data, {
    limitInputPixels: maxInputPixels(),
    autoOrient: options.autoOrient ?? true,
    // 'truncated' rejects files that end early, yet tolerates harmless warnings (extraneous bytes...)
    // that cameras and editors leave in otherwise fine JPEGs.
    failOn: 'truncated',
    sequentialRead: true,
  });
}

/** Any failure while reading or decoding `fileName` as a visitor-facing AppError (`expected`: 'JPEG'...). */
export function imageError(e: unknown, fileName: string, expected = 'supported'): Error {
  if (isAppError(e)) return e;
  const name = displayName(fileName);
  const msg = e instanceof Error ? e.message : String(e);
  if (/pixel limit/i.test(msg)) {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `"${name}" is too large: the limit is ${mp(maxInputPixels())} megapixels.`,
    );
  }
  if (/unsupported image format/i.test(msg)) {
    return new AppError('UNSUPPORTED_TYPE', `"${name}" is not a ${expected} image.`);
  }
  if (
    /premature end|truncat|end of (input|file|data)|unexpected end|read error|corrupt|invalid|bad |no image|not enough/i.test(
      msg,
    )
  ) {
    return new AppError(
      'UNPROCESSABLE',
      `"${name}" is damaged or incomplete (the image data ends early or is corrupt). Save or export it again and retry.`,
    );
  }
  return e instanceof Error ? e : new Error(msg);
}

/** Runs fn, turning sharp failures into AppErrors that name the file. */
export async function guarded<T>(src: { name: string }, fn: () => Promise<T>, expected?: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw imageError(e, src.name, expected);
  }
}
