// The compression pipeline on bytes, shared by the processor, its tests and the bench.
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { writeCompact } from './write-compact';
import { AppError, displayName } from '@/lib/core/errors';
import { encryptedError, looksEncrypted, openPdf } from './open';
import { DecodeCapError } from './pixels';
import type { CompressLevel } from './levels';
import { MupdfError, mupdfRewrite } from './mupdf-host';
import { findPlacements } from './placements';
import { DEFAULT_IMAGE_SETTINGS, recompressImage, type ImageSettings } from './images';
import { mergeFontSubsets } from './font-merge';
import { convertType1Fonts } from './type1-to-cff';
import {
  dropThumbnailsAndPrivateData,
  dropUnreachable,
  mergeDuplicateStreams,
  recompressStreams,
  tidyStreamDicts,
} from './structure';

export interface CompressStats {
  images: number;
  jpeg: number;
  flate: number;
  merged: number;
  dropped: number;
  /** Font subsets replaced by a union of their glyphs (font-merge.ts). */
  fontSubsetsMerged?: number;
  /** Type 1 programs rewritten as CFF (type1-to-cff.ts). */
  type1Converted?: number;
}

/** Image settings per level, measured on ../shared/corpus/pdf-real against Ghostscript /ebook (see the note). */
export const LEVEL_SETTINGS: Record<CompressLevel, ImageSettings> = {
  // Near-lossless: only images far above print resolution are resampled, only photos become JPEG (q90).
  light: { ...DEFAULT_IMAGE_SETTINGS, targetDpi: 300, thresholdDpi: 450, jpegQuality: 90, jpegReencodeGain: 0.7 },
  // Ghostscript /ebook's resolution (150 dpi above 225) and, like it, JPEG for any image where it pays, at
  // about its JPEG quality (its QFactor 0.76 is roughly IJG quality 62).
  recommended: { ...DEFAULT_IMAGE_SETTINGS, jpegQuality: 62, jpegForAll: true },
  // Screen resolution (as gs /screen): at least 30 % under recommended on the image-heavy pdf-real files.
  strong: {
    ...DEFAULT_IMAGE_SETTINGS,
    targetDpi: 72,
    thresholdDpi: 90,
    jpegQuality: 45,
    jpegReencodeGain: 0.9,
    jpegRequality: 45,
    jpegForAll: true,
  },
};

const OBJECTS_PER_STREAM = 1000;

export interface CompressOptions {
  level?: CompressLevel;
  /** Overrides the level's image settings (tests, bench). */
  settings?: ImageSettings;
  /** MuPDF's WASM heap cap (MB). */
  mupdfMemoryMb?: number;
  timeoutMs?: number;
}

export const memoryCapError = (name: string) =>
  new AppError(
    'UNPROCESSABLE',
    `"${displayName(name)}" needs more memory to compress than this server allows, so it cannot be processed.`,
  );

export async function compressPdf(
  bytes: Uint8Array,
  filePath: string,
  name: string,
  opts: CompressOptions = {},
  stats?: CompressStats,
): Promise<Uint8Array> {
  const settings = opts.settings ?? LEVEL_SETTINGS[opts.level ?? 'recommended'];
  // An encrypted file is refused before MuPDF sees it: MuPDF opens files with an empty user password and
  // would save them without their encryption.
  if (looksEncrypted(bytes)) await openPdf(bytes, filePath, name);
  // MuPDF first (font subsetting, object dedup), inside its WASM heap cap. Its output has no object streams,
  // so pdf-lib's parse of it never runs pdf-lib's uncapped decoders on them (pdf-lib issue 1777).
  let source = bytes;
  try {
    source = (await mupdfRewrite(bytes, { memoryMb: opts.mupdfMemoryMb, timeoutMs: opts.timeoutMs })).bytes;
  } catch (e) {
    if (e instanceof MupdfError && e.kind === 'memory') throw memoryCapError(name);
    if (e instanceof MupdfError && e.kind === 'password') throw encryptedError(name);
    // Anything else MuPDF cannot do (a file it cannot read, a timeout): pdf-lib's pass alone.
  }
  // pdf.js counts the original's pages; a MuPDF output with another count is refused as damaged by openPdf.
  const doc = await openPdf(source, filePath, name);
  try {
    return await rewrite(doc, settings, stats);
  } catch (e) {
    if (e instanceof DecodeCapError) throw memoryCapError(name);
    throw e;
  }
}

export async function rewrite(doc: PDFDocument, settings: ImageSettings, stats?: CompressStats): Promise<Uint8Array> {
  const ctx = doc.context;
  dropThumbnailsAndPrivateData(doc);
  const placements = findPlacements(doc);

  // Soft masks are recompressed losslessly: JPEG ringing on a mask edge shows as a halo.
  const softMasks = new Set<string>();
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && obj.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image')) {
      const sm = obj.dict.get(PDFName.of('SMask'));
      if (sm instanceof PDFRef) softMasks.add(sm.toString());
    }
  }
  const images: PDFRef[] = [];
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && obj.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image')) images.push(ref);
  }
  // One image at a time: only one decoded image is in memory at any moment.
  for (const ref of images) {
    const obj = ctx.lookup(ref);
    if (!(obj instanceof PDFRawStream)) continue;
    const key = ref.toString();
    const r = await recompressImage(ctx, ref, obj, placements.get(key), softMasks.has(key), settings);
    if (stats) {
      stats.images++;
      if (r.action === 'jpeg') stats.jpeg++;
      if (r.action === 'flate') stats.flate++;
    }
  }
  // Font passes are savings only: a font they cannot read stays as it is, and so does the whole pass if it fails.
  const type1 = await convertType1Fonts(doc).catch(() => ({ converted: 0 }));
  let fonts = { programs: 0 };
  try {
    fonts = mergeFontSubsets(doc);
  } catch {
    // nothing merged
  }
  recompressStreams(doc);
  const merged = mergeDuplicateStreams(doc);
  tidyStreamDicts(doc);
  const dropped = dropUnreachable(doc);
  if (stats) {
    stats.merged = merged;
    stats.dropped = dropped;
    stats.fontSubsetsMerged = fonts.programs;
    stats.type1Converted = type1.converted;
  }
  // pdf-lib's save() packs 50 objects per object stream; one deflate over many more objects finds more
  // repeats (form JavaScript, font dictionaries): 4 % smaller on the AcroTeX form.
  await doc.flush();
  return writeCompact(doc, { objectsPerStream: OBJECTS_PER_STREAM });
}
