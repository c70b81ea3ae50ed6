// PNG to JPG: transparency flattened onto white (sharp's default would be black) or the chosen colour, EXIF orientation applied,
// 16-bit and palette PNGs reduced to 8-bit RGB, greyscale kept as greyscale, ICC profile kept. The quality is
// searched (jpeg-search.ts) to the lowest that stays visually equal to the flattened PNG, with a stricter
// target than Image Compress because PNGs are often graphics with hard edges. Graphics (palette PNGs or at
// most 4096 colours) keep full-resolution colour (4:4:4), so red text on white does not bleed.
import 'server-only';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { Processor } from '../../types';
import type { PngToJpgSettings } from './options';
import { countColours } from '../jpg-to-png/server';
import { findQuality, jpegOptions, type QualitySearch } from '../common/jpeg-search';
import { decode, guarded, openImage, type SourceImage } from '../common/sharp-input';

export const PNG_TO_JPG_SEARCH: QualitySearch = { target: 0.985, min: 70, max: 95 };

/** White unless the visitor chose another colour (settings.background, png-to-jpg-settings.ts). */
function pipeline(src: SourceImage, background = '#ffffff'): Sharp {
  return decode(src)
    .flatten({ background })
    .toColourspace(src.grey ? 'b-w' : 'srgb');
}

/** Few colours or a palette: a drawing, logo or screenshot rather than a photo. */
export function isGraphic(src: SourceImage, data: Uint8Array, channels: number): boolean {
  return !!src.meta.isPalette || countColours(data, channels, 4096) <= 4096;
}

export async function toJpeg(src: SourceImage, background?: string): Promise<Buffer> {
  const { data, info } = await pipeline(src, background).raw().toBuffer({ resolveWithObject: true });
  const chroma = info.channels >= 3 && isGraphic(src, data, info.channels) ? '4:4:4' : '4:2:0';
  const { quality } = await findQuality(
    { data, width: info.width, height: info.height, channels: info.channels },
    { ...PNG_TO_JPG_SEARCH, chroma },
  );
  return pipeline(src, background).keepIccProfile().jpeg(jpegOptions(quality, chroma)).toBuffer();
}

export const run: Processor = async (inputs, options, ctx) => {
  const { background } = (options.settings ?? {}) as PngToJpgSettings;
  const src = await openImage(inputs[0], ['png']);
  const jpg = await guarded(src, () => toJpeg(src, background), 'PNG');
  const file = path.join(ctx.workDir, 'converted.jpg');
  await writeFile(file, jpg);
  return { path: file };
};
