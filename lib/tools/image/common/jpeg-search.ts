// The smallest mozjpeg quality whose result still looks like the reference: a binary search over quality
// against a multi-scale colour SSIM target (similarity.ts). Large images are searched on a mosaic of tiles
// cut on the 16-pixel MCU grid, so each try costs about as much as a 0.6 MP image whatever the input size;
// JPEG damage is per 8×8 block, so the tiles behave as they do in the whole picture.
import 'server-only';
import sharp, { type JpegOptions } from 'sharp';
import { multiScaleSimilarity, reference, type RawImage } from './similarity';

export interface QualitySearch {
  /** Multi-scale similarity the result must reach (0..1). */
  target: number;
  min: number;
  max: number;
  /** Chroma subsampling; '4:4:4' keeps coloured edges of graphics crisp (default '4:2:0'). */
  chroma?: '4:2:0' | '4:4:4';
}

export interface SearchOutcome {
  quality: number;
  /** Similarity reached on the searched pixels (the mosaic for large images). */
  score: number;
  tries: number;
}

/** The encoder settings shared by the search and the final encode, so both quantise alike. */
export const jpegOptions = (quality: number, chroma: '4:2:0' | '4:4:4' = '4:2:0'): JpegOptions => ({
  quality,
  mozjpeg: true,
  chromaSubsampling: chroma,
});

const TILE = 128;
const SEARCH_PIXELS = 640_000;

/** The image itself when small, else a mosaic of tiles spread evenly over it (grid-aligned). */
export function searchSample(img: RawImage, maxPixels = SEARCH_PIXELS): RawImage {
  const { width: W, height: H, channels: c } = img;
  if (W * H <= maxPixels || W < TILE * 2 || H < TILE * 2) return img;
  const count = Math.max(4, Math.floor(maxPixels / (TILE * TILE)));
  const gx = Math.max(1, Math.min(Math.floor(W / TILE), Math.round(Math.sqrt((count * W) / H))));
  const gy = Math.max(1, Math.min(Math.floor(H / TILE), Math.ceil(count / gx)));
  const at = (i: number, n: number, size: number) =>
    n === 1 ? 0 : Math.floor((i * (size - TILE)) / (n - 1) / 16) * 16;
  const perRow = 8;
  const tiles = gx * gy;
  const mw = perRow * TILE;
  const mh = Math.ceil(tiles / perRow) * TILE;
  const out = new Uint8Array(mw * mh * c).fill(128);
  let t = 0;
  for (let ty = 0; ty < gy; ty++) {
    for (let tx = 0; tx < gx; tx++, t++) {
      const sx = at(tx, gx, W);
      const sy = at(ty, gy, H);
      const dx = (t % perRow) * TILE;
      const dy = Math.floor(t / perRow) * TILE;
      for (let y = 0; y < TILE; y++) {
        const s = ((sy + y) * W + sx) * c;
        out.set(img.data.subarray(s, s + TILE * c), ((dy + y) * mw + dx) * c);
      }
    }
  }
  return { data: out, width: mw, height: mh, channels: c };
}

/** Decodes a candidate; greyscale is asked for explicitly (sharp's raw output would expand it to RGB). */
async function toRaw(jpeg: Buffer, channels: number): Promise<RawImage> {
  const { data, info } = await sharp(jpeg)
    .toColourspace(channels === 1 ? 'b-w' : 'srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Encodes raw 8-bit pixels (1 = grey, 3 = RGB) as JPEG. */
export function encodeRaw(img: RawImage, quality: number, chroma?: '4:2:0' | '4:4:4'): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels as 1 | 3 } })
    .jpeg(jpegOptions(quality, chroma))
    .toBuffer();
}

/** Encodes the (sampled) raw pixels at a quality: mozjpeg by default; WebP/AVIF for Image Compress's formats. */
export type RawEncoder = (img: RawImage, quality: number) => Promise<Buffer>;

/** Lowest quality in [min, max] reaching `target` on `ref` (max when none does). */
export async function findQuality(ref: RawImage, search: QualitySearch, encoder?: RawEncoder): Promise<SearchOutcome> {
  const encode: RawEncoder = encoder ?? ((img, q) => encodeRaw(img, q, search.chroma));
  const sample = searchSample(ref);
  const pyramid = reference(sample);
  let lo = search.min;
  let hi = search.max;
  let best: { quality: number; score: number } | null = null;
  let tries = 0;
  while (lo <= hi) {
    const q = (lo + hi) >> 1;
    const score = multiScaleSimilarity(pyramid, await toRaw(await encode(sample, q), sample.channels));
    tries++;
    if (score >= search.target) {
      best = { quality: q, score };
      hi = q - 1;
    } else {
      lo = q + 1;
    }
  }
  if (!best) {
    tries++;
    best = {
      quality: search.max,
      score: multiScaleSimilarity(pyramid, await toRaw(await encode(sample, search.max), sample.channels)),
    };
  }
  return { ...best, tries };
}
