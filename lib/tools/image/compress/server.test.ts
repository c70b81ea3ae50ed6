import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '@/lib/core/errors';
import { corpusFiles, corpusPath, describeCorpus } from '@/tests/support/corpus';
import { fixture } from '@/lib/tools/image/compress/fixture';
import { djpeg, photoJpeg, runProcessor } from '@/tests/fixtures/image-samples';
import piexif from 'piexifjs';
import {
  ALREADY_SMALL,
  COMPRESS_SEARCH,
  compressSearch,
  LOSSLESS_ONLY,
  losslessOptimise,
  run as compress,
} from './server';
import { multiScaleSimilarity, type RawImage } from '../common/similarity';

afterEach(() => {
  delete process.env.IMAGE_MAX_PIXELS;
  delete process.env.IMAGE_COMPRESS_TARGET;
});

async function raw(jpeg: Buffer, colourspace?: 'srgb' | 'b-w'): Promise<RawImage> {
  const pipe = sharp(jpeg, { autoOrient: true });
  if (colourspace) pipe.toColourspace(colourspace);
  const { data, info } = await pipe.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: AppError) => e,
  );

describe('Image Compress', () => {
  it('passes its own API fixture (smaller, upright, no GPS, close to the original)', async () => {
    const inputs = await fixture.valid();
    const { data } = await runProcessor(compress, inputs);
    await fixture.check(data, inputs);
  });

  it('keeps the ICC profile and stays perceptually equal to the input', async () => {
    const input = await photoJpeg({ width: 320, height: 240, icc: 'p3', quality: 95, seed: 4 });
    const { data, notice } = await runProcessor(compress, [{ name: 'p3.jpg', data: input }]);
    expect(notice).toBeUndefined();
    expect(data.length).toBeLessThan(input.length * 0.8);
    const [inMeta, outMeta] = await Promise.all([sharp(input).metadata(), sharp(data).metadata()]);
    expect(outMeta.icc && inMeta.icc && Buffer.compare(outMeta.icc, inMeta.icc)).toBe(0);
    // Device values are untouched (no conversion to sRGB), so they compare directly.
    const score = multiScaleSimilarity(await raw(input), await raw(data));
    expect(score).toBeGreaterThanOrEqual(COMPRESS_SEARCH.target - 0.01);
  });

  it('keeps greyscale as one channel and CMYK as CMYK', async () => {
    const grey = await photoJpeg({ width: 200, height: 150, grey: true, quality: 95 });
    const g = await runProcessor(compress, [{ name: 'grey.jpg', data: grey }]);
    expect(djpeg(g.data).channels).toBe(1);
    expect(g.data.length).toBeLessThan(grey.length);

    const cmyk = await photoJpeg({ width: 200, height: 150, cmyk: true, quality: 95 });
    const c = await runProcessor(compress, [{ name: 'print.jpg', data: cmyk }]);
    const meta = await sharp(c.data).metadata();
    expect(meta.space).toBe('cmyk');
    expect(c.data.length).toBeLessThan(cmyk.length);
    expect(multiScaleSimilarity(await raw(cmyk, 'srgb'), await raw(c.data, 'srgb'))).toBeGreaterThan(0.95);
  });

  it('keeps the pixels and only optimises the coding when that beats re-encoding', async () => {
    // A mozjpeg q20 file: no quality >= 40 beats it, but jpegtran's coding of the same pixels does.
    const small = await sharp(await photoJpeg({ width: 160, height: 120 }))
      .jpeg({ quality: 20, mozjpeg: true })
      .toBuffer();
    const { data, notice } = await runProcessor(compress, [{ name: 'tiny.jpg', data: small }]);
    expect(notice).toBe(LOSSLESS_ONLY);
    expect(data.length).toBeLessThan(small.length);
    expect(Buffer.compare(djpeg(data).data, djpeg(small).data)).toBe(0);
  });

  it('optimises a rotated photo losslessly too: orientation kept, GPS and camera details gone', async () => {
    const q20 = await sharp(await photoJpeg({ width: 160, height: 120 }))
      .jpeg({ quality: 20, mozjpeg: true })
      .toBuffer();
    const exif = piexif.dump({
      '0th': { [piexif.ImageIFD.Orientation]: 6, [piexif.ImageIFD.Make]: 'Camera Maker' },
      GPS: {
        [piexif.GPSIFD.GPSLatitudeRef]: 'N',
        [piexif.GPSIFD.GPSLatitude]: [
          [37, 1],
          [33, 1],
          [0, 1],
        ],
      },
    });
    const turned = Buffer.from(piexif.insert(exif, q20.toString('binary')), 'binary');
    const { data, notice } = await runProcessor(compress, [{ name: 'turned.jpg', data: turned }]);
    expect(notice).toBe(LOSSLESS_ONLY);
    expect(data.length).toBeLessThan(turned.length);
    expect(Buffer.compare(djpeg(data).data, djpeg(turned).data)).toBe(0);
    const kept = piexif.load(data.toString('binary'));
    expect(kept['0th']?.[piexif.ImageIFD.Orientation]).toBe(6);
    expect(kept['0th']?.[piexif.ImageIFD.Make]).toBeUndefined();
    expect(Object.keys(kept.GPS ?? {})).toEqual([]);
  });

  it('returns the original picture with a notice when nothing is smaller', async () => {
    const q20 = await sharp(await photoJpeg({ width: 160, height: 120 }))
      .jpeg({ quality: 20, mozjpeg: true })
      .toBuffer();
    const optimal = (await losslessOptimise(q20))!;
    const { data, notice } = await runProcessor(compress, [{ name: 'optimal.jpg', data: optimal }]);
    expect(notice).toBe(ALREADY_SMALL);
    expect(Buffer.compare(data, optimal)).toBe(0);
  });

  it('takes its similarity target from IMAGE_COMPRESS_TARGET when it is sensible', () => {
    process.env.IMAGE_COMPRESS_TARGET = '0.99';
    expect(compressSearch()).toEqual({ ...COMPRESS_SEARCH, target: 0.99 });
    process.env.IMAGE_COMPRESS_TARGET = '7';
    expect(compressSearch()).toEqual(COMPRESS_SEARCH);
  });

  it('refuses truncated files, non-JPEGs and images over the pixel limit, naming the file', async () => {
    const whole = await photoJpeg({ width: 160, height: 120 });
    const cut = await failure(
      runProcessor(compress, [{ name: 'cut.jpg', data: whole.subarray(0, whole.length >> 1) }]),
    );
    expect([cut.code, cut.message]).toEqual([
      'UNPROCESSABLE',
      expect.stringMatching(/^"cut\.jpg" is damaged or incomplete/),
    ]);
    const png = await sharp(whole).png().toBuffer();
    const wrong = await failure(runProcessor(compress, [{ name: 'x.jpg', data: png }]));
    expect([wrong.code, wrong.message]).toEqual(['UNSUPPORTED_TYPE', '"x.jpg" is not a JPEG image.']);
    process.env.IMAGE_MAX_PIXELS = '10000';
    const big = await failure(runProcessor(compress, [{ name: 'big.jpg', data: whole }]));
    expect(big.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describeCorpus('Image Compress on corpus photos', () => {
  it.each(corpusFiles('photo', '.jpg').map((f) => [path.basename(f), f]))(
    '%s: smaller, upright, similar',
    async (_n, file) => {
      const input = readFileSync(file);
      const { data } = await runProcessor(compress, [{ name: path.basename(file), data: input }]);
      expect(data.length).toBeLessThan(input.length);
      const inMeta = await sharp(input).metadata();
      const out = djpeg(data);
      const swap = (inMeta.orientation ?? 1) >= 5;
      expect([out.width, out.height]).toEqual(swap ? [inMeta.height, inMeta.width] : [inMeta.width, inMeta.height]);
      expect(out.channels).toBe(inMeta.channels === 1 ? 1 : 3);
      const score = multiScaleSimilarity(await raw(input), await raw(data));
      expect(score).toBeGreaterThanOrEqual(COMPRESS_SEARCH.target - 0.01);
    },
  );

  it('says the truncated CMYK JPEG is damaged', async () => {
    const data = readFileSync(corpusPath('bad', 'gdkpixbuf-premature-end-cmyk.jpg'));
    const e = await failure(runProcessor(compress, [{ name: 'gdkpixbuf-premature-end-cmyk.jpg', data }]));
    expect(e.message).toMatch(/"gdkpixbuf-premature-end-cmyk\.jpg" is damaged or incomplete/);
  });
});
