// Image Compress (JPEG → JPEG): the smallest mozjpeg file that still looks like the input. A bounded quality
// search (jpeg-search.ts) against a multi-scale colour SSIM target instead of one fixed quality, so a detailed
// photo keeps the bytes it needs and a smooth one gets small. EXIF orientation is applied to the pixels and
// EXIF/XMP (GPS, camera data, thumbnails) dropped; the ICC profile is kept; greyscale stays one channel and
// CMYK stays CMYK. In parallel the input is optimised losslessly with jpegtran (same pixels; Huffman tables,
// scan mode, EXIF/GPS dropped, ICC kept; a rotated photo gets back an orientation-only EXIF) when jpegtran is
// installed: if that is smaller than the re-encode it wins (already well-compressed inputs). If nothing is
// smaller than the input, its own picture comes back, still without GPS or camera details. Both carry a notice.
import 'server-only';
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import piexif from 'piexifjs';
import type { Processor } from '../../types';
import type { ImageCompressSettings } from './options';
import { compressWithSettings, writeOutcome } from '../common/compress-target';
import { findQuality, jpegOptions, type QualitySearch } from '../common/jpeg-search';
import { decode, guarded, openImage, type SourceImage } from '../common/sharp-input';
import type { RawImage } from '../common/similarity';
import { serverConfig } from '@/lib/config';

/** Calibrated on corpus and generated photos (docs/notes/image-text.md): smooth pictures get q45-60, detailed
 * ones up to the cap. The cap (85) stops the search from spending bytes on preserving sensor noise, where
 * SSIM keeps asking for more but the eye sees no difference. IMAGE_COMPRESS_TARGET overrides the target. */
export const COMPRESS_SEARCH: QualitySearch = { target: 0.973, min: 40, max: 85 };

export function compressSearch(): QualitySearch {
  const t = serverConfig().imageCompressTarget;
  return t !== undefined && t > 0.8 && t < 1 ? { ...COMPRESS_SEARCH, target: t } : COMPRESS_SEARCH;
}

export const ALREADY_SMALL =
  'This image is already well compressed: the original picture is returned, with its metadata (GPS, camera details) removed.';
export const LOSSLESS_ONLY =
  'This image is already well compressed: it was only optimised losslessly (same pixels, metadata removed).';

function jpegtran(jpeg: Buffer, args: string[], timeoutMs: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = execFile(
      /*turbopackIgnore: true*/ 'jpegtran',
      ['-copy', 'icc', '-optimize', ...args],
      { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs },
      (e, stdout) => resolve(e || !stdout.length ? null : stdout),
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(jpeg);
  });
}

/** jpegtran (libjpeg-turbo): same pixels, optimised Huffman coding, progressive or baseline whichever is
 * smaller, only the ICC profile kept. Null when jpegtran is not installed or fails. */
export async function losslessOptimise(jpeg: Buffer, timeoutMs = 30_000): Promise<Buffer | null> {
  const tries = (
    await Promise.all([jpegtran(jpeg, ['-progressive'], timeoutMs), jpegtran(jpeg, [], timeoutMs)])
  ).filter((b): b is Buffer => b !== null);
  return tries.sort((a, b) => a.length - b.length)[0] ?? null;
}

/**
 * The same JPEG with its EXIF reduced to the orientation tag (GPS, camera details and thumbnail gone), or
 * with no EXIF at all for an upright picture. Only the APP1 segment changes (piexifjs): the pixels and the
 * ICC profile stay byte for byte. Null when the EXIF cannot be rewritten.
 */
export function onlyOrientation(jpeg: Buffer, orientation: number): Buffer | null {
  try {
    const bin = jpeg.toString('binary');
    const out =
      orientation === 1
        ? piexif.remove(bin)
        : piexif.insert(piexif.dump({ '0th': { [piexif.ImageIFD.Orientation]: orientation } }), bin);
    return Buffer.from(out, 'binary');
  } catch {
    // piexif.remove throws when there is no EXIF at all: nothing to strip then.
    return orientation === 1 && !hasExif(jpeg) ? jpeg : null;
  }
}

const hasExif = (jpeg: Buffer) => jpeg.subarray(0, 64 * 1024).includes(Buffer.from('Exif\0\0', 'latin1'));

/** Pixels as the encoder sees them (oriented; grey as 1 channel; CMYK rendered to sRGB for the search). */
export async function referencePixels(src: SourceImage): Promise<RawImage> {
  const pipe = decode(src);
  if (src.cmyk) pipe.toColourspace('srgb');
  else if (src.grey) pipe.toColourspace('b-w');
  const { data, info } = await pipe.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export async function encodeJpeg(src: SourceImage, quality: number): Promise<Buffer> {
  const pipe = decode(src).keepIccProfile();
  if (src.cmyk) pipe.pipelineColourspace('cmyk').toColourspace('cmyk');
  else if (src.grey) pipe.toColourspace('b-w');
  return pipe.jpeg(jpegOptions(quality)).toBuffer();
}

export const run: Processor = async (inputs, options, ctx) => {
  const input = inputs[0];
  const src = await openImage(input, ['jpeg']);
  // jpegtran drops all EXIF; a rotated photo gets its orientation tag back (and nothing else).
  const orientation = src.meta.orientation ?? 1;
  const settings = options.settings as ImageCompressSettings | undefined;
  if (settings && (settings.format !== undefined || settings.target_kb !== undefined)) {
    return withSettings(src, input.path, settings, orientation, ctx.workDir);
  }
  const [reencoded, optimised] = await Promise.all([
    guarded(
      src,
      async () => {
        const { quality } = await findQuality(await referencePixels(src), compressSearch());
        return encodeJpeg(src, quality);
      },
      'JPEG',
    ),
    losslessOptimise(src.data),
  ]);
  const lossless = optimised && (orientation === 1 ? optimised : onlyOrientation(optimised, orientation));
  const file = path.join(ctx.workDir, 'compressed.jpg');
  if (lossless && lossless.length <= reencoded.length && lossless.length < src.data.length) {
    await writeFile(file, lossless);
    return { path: file, notice: LOSSLESS_ONLY };
  }
  if (reencoded.length < src.data.length) {
    await writeFile(file, reencoded);
    return { path: file };
  }
  // Nothing is smaller: the original picture, but never with its GPS position or camera details.
  const stripped = onlyOrientation(src.data, orientation);
  if (stripped) await writeFile(file, stripped);
  else await copyFile(input.path, file);
  return { path: file, notice: ALREADY_SMALL };
};

/** A target size or another format (compress-target.ts). JPEG keeps the default path's rules: the lossless
 * optimisation competes, and the stripped original comes back when nothing is smaller and it fits. */
async function withSettings(
  src: SourceImage,
  inputPath: string,
  settings: ImageCompressSettings,
  orientation: number,
  workDir: string,
) {
  const format = settings.format ?? 'jpeg';
  const [ref, optimised] = await Promise.all([
    guarded(src, () => referencePixels(src), 'JPEG'),
    format === 'jpeg' ? losslessOptimise(src.data) : Promise.resolve(null),
  ]);
  const lossless = optimised && (orientation === 1 ? optimised : onlyOrientation(optimised, orientation));
  const outcome = await compressWithSettings(src, ref, settings, compressSearch(), lossless);
  const limit = settings.target_kb !== undefined ? settings.target_kb * 1024 : Infinity;
  if (format === 'jpeg' && outcome.data.length >= src.data.length) {
    const stripped = onlyOrientation(src.data, orientation) ?? (await readFile(inputPath));
    if (stripped.length <= limit) return writeOutcome({ data: stripped, format, notice: ALREADY_SMALL }, workDir);
  }
  if (format === 'jpeg' && outcome.data === lossless && !outcome.notice)
    return writeOutcome({ ...outcome, notice: LOSSLESS_ONLY }, workDir);
  return writeOutcome(outcome, workDir);
}
