// The compression pipeline on bytes, shared by the processor, its tests and the bench.
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { AppError, displayName } from '@/lib/api/errors';
import { openPdf } from './open';
import type { CompressLevel } from './levels';
import { MupdfError, mupdfRewrite } from './mupdf-host';
import { findPlacements } from './placements';
import { DEFAULT_IMAGE_SETTINGS, recompressImage, type ImageSettings } from './images';
import { dropThumbnailsAndPrivateData, dropUnreachable, mergeDuplicateStreams, recompressStreams } from './structure';

export interface CompressStats {
  images: number;
  jpeg: number;
  flate: number;
  merged: number;
  dropped: number;
}

/** Image settings per level, measured on ../shared/corpus/pdf-real against Ghostscript /ebook (see the note). */
export const LEVEL_SETTINGS: Record<CompressLevel, ImageSettings> = {
  // Near-lossless: only images far above print resolution are resampled, only photos become JPEG (q90).
  light: { ...DEFAULT_IMAGE_SETTINGS, targetDpi: 300, thresholdDpi: 450, jpegQuality: 90, jpegReencodeGain: 0.7 },
  // Ghostscript /ebook's resolution (150 dpi above 225) and, like it, JPEG for any image where it pays.
  recommended: { ...DEFAULT_IMAGE_SETTINGS, jpegQuality: 75, jpegForAll: true },
  strong: { ...DEFAULT_IMAGE_SETTINGS, targetDpi: 96, thresholdDpi: 120, jpegQuality: 55, jpegReencodeGain: 0.9, jpegForAll: true },
};

export interface CompressOptions {
  level?: CompressLevel;
  /** Overrides the level's image settings (tests, bench). */
  settings?: ImageSettings;
  /** MuPDF's WASM heap cap (MB). */
  mupdfMemoryMb?: number;
  timeoutMs?: number;
}

export const memoryCapError = (name: string) =>
  new AppError('UNPROCESSABLE', `"${displayName(name)}" needs more memory to compress than this server allows, so it cannot be processed.`);

export async function compressPdf(
  bytes: Uint8Array,
  filePath: string,
  name: string,
  opts: CompressOptions = {},
  stats?: CompressStats,
): Promise<Uint8Array> {
  const settings = opts.settings ?? LEVEL_SETTINGS[opts.level ?? 'recommended'];
  // MuPDF (font subsetting, object dedup) runs in its thread while pdf-lib and pdf.js check the file.
  const rewritten = mupdfRewrite(bytes, { memoryMb: opts.mupdfMemoryMb, timeoutMs: opts.timeoutMs }).then(
    (r) => r,
    (e: unknown) => (e instanceof MupdfError ? e : new MupdfError('other', String(e))),
  );
  let doc = await openPdf(bytes, filePath, name);
  const mu = await rewritten;
  if (mu instanceof MupdfError) {
    if (mu.kind === 'memory') throw memoryCapError(name);
    // Any other MuPDF failure (a file it cannot read, a timeout): pdf-lib's pass alone.
  } else if (mu.pages === doc.getPageCount()) {
    try {
      doc = await PDFDocument.load(mu.bytes, { updateMetadata: false, throwOnInvalidObject: false });
    } catch {
      // keep the original's parse
    }
  }
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
  recompressStreams(doc);
  const merged = mergeDuplicateStreams(doc);
  const dropped = dropUnreachable(doc);
  if (stats) {
    stats.merged = merged;
    stats.dropped = dropped;
  }
  return doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
}
