// Writes the cut-out as the visitor asked (issue 20's options): transparent PNG by default; laid on an
// opaque colour (PNG or JPEG); optionally cropped to the subject with a margin.
import path from 'node:path';
import sharp from 'sharp';
import type { JobOutput } from '../../types';
import { CROP_MARGIN, CROP_MIN_MARGIN, type RemoveBackgroundSettings } from './settings';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Pixels at least this opaque count as subject when cropping (faint specks of the matte do not). */
const SUBJECT_ALPHA = 16;

/** The subject's bounding box, widened by the crop margin and kept inside the image; null when no subject. */
export function cropBox(alpha: Uint8Array, width: number, height: number): Box | null {
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1,
      last = -1;
    for (let x = 0; x < width; x++)
      if (alpha[row + x] >= SUBJECT_ALPHA) {
        first = x;
        break;
      }
    if (first < 0) continue;
    for (let x = width - 1; x >= first; x--)
      if (alpha[row + x] >= SUBJECT_ALPHA) {
        last = x;
        break;
      }
    if (y < y0) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
  }
  if (x1 < 0) return null;
  const m = Math.max(CROP_MIN_MARGIN, Math.round(CROP_MARGIN * Math.max(x1 - x0 + 1, y1 - y0 + 1)));
  const left = Math.max(0, x0 - m),
    top = Math.max(0, y0 - m);
  return { left, top, width: Math.min(width - 1, x1 + m) - left + 1, height: Math.min(height - 1, y1 + m) - top + 1 };
}

const hexColour = (s: string) => ({
  r: parseInt(s.slice(1, 3), 16),
  g: parseInt(s.slice(3, 5), 16),
  b: parseInt(s.slice(5, 7), 16),
});

/** Encodes the RGBA cut-out (colours already decontaminated) into workDir. */
export async function writeCutOut(
  rgba: Buffer,
  alpha: Uint8Array,
  width: number,
  height: number,
  settings: RemoveBackgroundSettings,
  workDir: string,
): Promise<Pick<JobOutput, 'path' | 'type'>> {
  let img = sharp(rgba, { raw: { width, height, channels: 4 } });
  if (settings.crop) {
    const box = cropBox(alpha, width, height);
    // Nothing found: the whole (transparent) image, with the usual "no clear subject" notice.
    if (box && (box.width < width || box.height < height)) {
      img = sharp(await img.extract(box).raw().toBuffer(), {
        raw: { width: box.width, height: box.height, channels: 4 },
      });
    }
  }
  const opaque = settings.background !== undefined && settings.background !== 'transparent';
  if (opaque) img = img.flatten({ background: hexColour(settings.background!) });
  if (settings.format === 'jpeg') {
    const out = path.join(workDir, 'removed_background.jpg');
    // 4:4:4: the cut-out's sharp edges on a flat colour would bleed with halved chroma.
    await img.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toFile(out);
    return { path: out, type: { mime: 'image/jpeg', ext: 'jpg' } };
  }
  const out = path.join(workDir, 'removed_background.png');
  // zlib 3 with adaptive filters: within 5 % of level 6's size for two thirds of its time (12 MP: 5.6 vs 5.4 MB,
  // 0.51 vs 0.77 s CPU).
  await img.png({ compressionLevel: 3, adaptiveFiltering: true }).toFile(out);
  return { path: out };
}
