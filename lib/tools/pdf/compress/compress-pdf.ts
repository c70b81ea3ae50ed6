// The compression pipeline on bytes, shared by the processor, its tests and the bench.
import { PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { openPdf } from './open';
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

export async function compressPdf(
  bytes: Uint8Array,
  filePath: string,
  name: string,
  settings: ImageSettings = DEFAULT_IMAGE_SETTINGS,
  stats?: CompressStats,
): Promise<Uint8Array> {
  const doc = await openPdf(bytes, filePath, name);
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
