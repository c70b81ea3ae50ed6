import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { AppError } from '@/lib/core/errors';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';
import { fixture } from '@/lib/tools/image/jpg-to-png/fixture';
import { djpeg, photoJpeg, rotate90cw, runProcessor } from '@/tests/fixtures/image-samples';
import { countColours, run as jpgToPng } from './server';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: AppError) => e,
  );

describe('JPG to PNG', () => {
  it('passes its own API fixture (upright, lossless against djpeg, ICC kept)', async () => {
    const inputs = await fixture.valid();
    const { data } = await runProcessor(jpgToPng, inputs);
    await fixture.check(data, inputs);
  });

  it('keeps greyscale as a one-channel PNG, pixel for pixel', async () => {
    const grey = await photoJpeg({ width: 96, height: 64, grey: true });
    const { data } = await runProcessor(jpgToPng, [{ name: 'grey.jpg', data: grey }]);
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.channels, meta.space]).toEqual(['png', 1, 'b-w']);
    const png = await sharp(data).toColourspace('b-w').raw().toBuffer();
    const ref = djpeg(grey);
    let worst = 0;
    for (let i = 0; i < png.length; i++) worst = Math.max(worst, Math.abs(png[i] - ref.data[i]));
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('writes an exact palette PNG when the picture has at most 256 colours', async () => {
    const raw = Buffer.alloc(64 * 64 * 3);
    for (let y = 0; y < 64; y++)
      for (let x = 0; x < 64; x++) {
        raw.set(
          x < 32 ? (y < 32 ? [200, 30, 40] : [20, 200, 40]) : y < 32 ? [250, 250, 250] : [10, 10, 120],
          (y * 64 + x) * 3,
        );
      }
    const jpg = await sharp(raw, { raw: { width: 64, height: 64, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    const { data } = await runProcessor(jpgToPng, [{ name: 'flat.jpg', data: jpg }]);
    expect((await sharp(data).metadata()).isPalette).toBe(true);
    const decoded = await sharp(jpg).raw().toBuffer();
    expect(Buffer.compare(await sharp(data).toColourspace('srgb').raw().toBuffer(), decoded)).toBe(0);
    expect(countColours(decoded, 3)).toBeLessThanOrEqual(256);
  });

  it('converts a single-colour JPEG (a one-entry palette is not allowed by the encoder)', async () => {
    const jpg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c81e28' } })
      .jpeg({ quality: 100 })
      .toBuffer();
    const { data } = await runProcessor(jpgToPng, [{ name: 'flat.jpg', data: jpg }]);
    expect(
      Buffer.compare(await sharp(data).toColourspace('srgb').raw().toBuffer(), await sharp(jpg).raw().toBuffer()),
    ).toBe(0);
  });

  it('renders CMYK to an sRGB PNG', async () => {
    const cmyk = await photoJpeg({ width: 64, height: 48, cmyk: true });
    const { data } = await runProcessor(jpgToPng, [{ name: 'print.jpg', data: cmyk }]);
    const meta = await sharp(data).metadata();
    expect([meta.space, meta.channels]).toEqual(['srgb', 3]);
  });

  it('counts colours no further than the limit', () => {
    expect(countColours(Uint8Array.from([1, 2, 3, 1, 2, 3, 4, 5, 6]), 3)).toBe(2);
    expect(
      countColours(
        Uint8Array.from({ length: 300 }, (_, i) => i % 256),
        1,
        10,
      ),
    ).toBe(11);
  });

  it('refuses a truncated JPEG, naming the file', async () => {
    const whole = await photoJpeg({ width: 128, height: 96 });
    const e = await failure(runProcessor(jpgToPng, [{ name: 'half.jpg', data: whole.subarray(0, whole.length >> 1) }]));
    expect([e.code, e.message]).toEqual(['UNPROCESSABLE', expect.stringMatching(/^"half\.jpg" is damaged/)]);
  });
});

describeCorpus('JPG to PNG on corpus photos', () => {
  it('shows the EXIF Orientation 6 photo upright and lossless', async () => {
    const input = readFileSync(corpusPath('photo', 'gdkpixbuf-bug725582-testrotate.jpg'));
    const { data } = await runProcessor(jpgToPng, [{ name: 'testrotate.jpg', data: input }]);
    const { data: px, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([428, 640]);
    const ref = djpeg(input);
    const upright = rotate90cw(ref.data, ref.width, ref.height, 3);
    let worst = 0;
    for (let i = 0; i < px.length; i++) worst = Math.max(worst, Math.abs(px[i] - upright[i]));
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('keeps the sRGB profile of the honey-bee photo', async () => {
    const input = readFileSync(corpusPath('photo', 'european-honey-bee.jpg'));
    const { data } = await runProcessor(jpgToPng, [{ name: 'bee.jpg', data: input }]);
    const [a, b] = await Promise.all([sharp(input).metadata(), sharp(data).metadata()]);
    expect(b.icc && a.icc && Buffer.compare(a.icc, b.icc)).toBe(0);
  });
});
