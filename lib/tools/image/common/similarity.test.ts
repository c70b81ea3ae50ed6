import sharp from 'sharp';
import { photoPixels } from '@/tests/fixtures/image-samples';
import { findQuality, searchSample } from './jpeg-search';
import { halve, multiScaleSimilarity, similarity, type RawImage } from './similarity';

const W = 160;
const H = 120;
const photo: RawImage = { data: photoPixels(W, H, 7), width: W, height: H, channels: 3 };

async function jpegRoundTrip(img: RawImage, quality: number): Promise<RawImage> {
  const jpg = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
  const { data, info } = await sharp(jpg).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

describe('similarity', () => {
  it('is 1 for identical images and falls with JPEG quality', async () => {
    expect(similarity(photo, photo).score).toBeCloseTo(1, 6);
    const q90 = multiScaleSimilarity(photo, await jpegRoundTrip(photo, 90));
    const q30 = multiScaleSimilarity(photo, await jpegRoundTrip(photo, 30));
    expect(q90).toBeLessThan(1);
    expect(q30).toBeLessThan(q90 - 0.01);
  });

  it('sees a colour shift that leaves luma unchanged', () => {
    // Swap the chroma: keep Y = 0.299R + 0.587G + 0.114B roughly, move colour along the Cr axis.
    const shifted = Buffer.from(photo.data);
    for (let i = 0; i < shifted.length; i += 3) {
      shifted[i] = Math.min(255, shifted[i] + 30);
      shifted[i + 1] = Math.max(0, shifted[i + 1] - 15);
    }
    const s = similarity(photo, { ...photo, data: shifted });
    expect(s.y).toBeGreaterThan(0.97);
    expect(s.chroma).toBeLessThan(s.y - 0.02);
  });

  it('halves by box filtering', () => {
    const img: RawImage = { data: Uint8Array.from([0, 10, 20, 30, 40, 50, 60, 70]), width: 4, height: 2, channels: 1 };
    expect(Array.from(halve(img).data)).toEqual([(0 + 10 + 40 + 50 + 2) >> 2, (20 + 30 + 60 + 70 + 2) >> 2]);
  });
});

describe('jpeg quality search', () => {
  it('samples large images as a mosaic of grid-aligned tiles, small ones whole', () => {
    expect(searchSample(photo)).toBe(photo);
    const big: RawImage = { data: photoPixels(640, 480, 3, 2), width: 640, height: 480, channels: 3 };
    const s = searchSample(big, 100_000);
    expect(s.width).toBe(1024);
    expect(s.width * s.height).toBeLessThanOrEqual(1024 * 128);
    // The first tile is the top-left 128 × 128 block of the picture.
    expect(Buffer.compare(Buffer.from(s.data.subarray(0, 128 * 3)), Buffer.from(big.data.subarray(0, 128 * 3)))).toBe(
      0,
    );
  });

  it('finds the lowest quality that reaches the target, higher for a stricter target', async () => {
    const loose = await findQuality(photo, { target: 0.95, min: 30, max: 95 });
    const strict = await findQuality(photo, { target: 0.985, min: 30, max: 95 });
    expect(loose.score).toBeGreaterThanOrEqual(0.95);
    expect(strict.score).toBeGreaterThanOrEqual(0.985);
    expect(strict.quality).toBeGreaterThan(loose.quality);
    expect(loose.tries).toBeLessThanOrEqual(8);
  });
});
