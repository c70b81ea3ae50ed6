// JPG to PNG: lossless. EXIF orientation applied, the ICC profile kept with the pixels untouched, greyscale
// kept as greyscale, CMYK rendered to sRGB (PNG has no CMYK). Compression: adaptive filtering at zlib level
// 9, and an exact palette when the picture has at most 256 colours (scans of flat graphics).
import 'server-only';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Processor } from '../../types';
import { decode, guarded, openImage, type SourceImage } from '../common/sharp-input';

/** Above this, zlib level 9 costs seconds for ~5 % fewer bytes: use level 6. */
const LEVEL9_MAX_PIXELS = 8_000_000;

/** Number of distinct pixel values, counting no further than `limit + 1`. */
export function countColours(data: Uint8Array, channels: number, limit = 256): number {
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += channels) {
    let v = 0;
    for (let k = 0; k < channels; k++) v = v * 256 + data[i + k];
    seen.add(v);
    if (seen.size > limit) break;
  }
  return seen.size;
}

function pipeline(src: SourceImage): Sharp {
  const pipe = decode(src);
  if (src.cmyk) return pipe.toColourspace('srgb');
  pipe.keepIccProfile();
  return src.grey ? pipe.toColourspace('b-w') : pipe;
}

export async function toPng(src: SourceImage): Promise<Buffer> {
  const { data, info } = await pipeline(src).raw().toBuffer({ resolveWithObject: true });
  const level = info.width * info.height <= LEVEL9_MAX_PIXELS ? 9 : 6;
  const full = await pipeline(src).png({ compressionLevel: level, adaptiveFiltering: true }).toBuffer();
  // Greyscale is already one byte per pixel: a palette only helps colour pictures.
  const colours = info.channels >= 3 ? countColours(data, info.channels) : Infinity;
  if (colours <= 256) {
    const pal = await pipeline(src)
      .png({ palette: true, colours: Math.max(2, colours), quality: 100, dither: 0, effort: 10, compressionLevel: 9 })
      .toBuffer();
    // Keep the palette only if it reproduces every pixel exactly, and only if it is smaller.
    const back = await sharp(pal).toColourspace('srgb').raw().toBuffer();
    if (back.equals(data) && pal.length < full.length) return pal;
  }
  return full;
}

export const run: Processor = async (inputs, _options, ctx) => {
  const src = await openImage(inputs[0], ['jpeg']);
  const png = await guarded(src, () => toPng(src), 'JPEG');
  const file = path.join(ctx.workDir, 'converted.png');
  await writeFile(file, png);
  return { path: file };
};
