import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { AppError } from '@/lib/core/errors';
import { corpusFiles, corpusPath, describeCorpus } from '@/tests/support/corpus';
import { fixture } from '@/lib/tools/image/png-to-jpg/fixture';
import { djpeg, photoPixels, rgbaPng, runProcessor } from '@/tests/fixtures/image-samples';
import { run as pngToJpg } from './server';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: AppError) => e,
  );
const pixel = (img: ReturnType<typeof djpeg>, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * img.channels, (y * img.width + x + 1) * img.channels));

describe('PNG to JPG', () => {
  it('passes its own API fixture (transparent → white, colours kept)', async () => {
    const inputs = await fixture.valid();
    const { data } = await runProcessor(pngToJpg, inputs);
    await fixture.check(data, inputs);
  });

  it('handles 16-bit RGBA and palette PNGs with transparency', async () => {
    const png16 = await rgbaPng(96, 64, 16);
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    const a = djpeg((await runProcessor(pngToJpg, [{ name: 'deep.png', data: png16 }])).data);
    expect(Math.min(...pixel(a, 90, 4))).toBeGreaterThan(240);
    expect(pixel(a, 20, 20)[0]).toBeGreaterThan(180);

    const palette = await sharp(await rgbaPng(96, 64))
      .png({ palette: true, colours: 64 })
      .toBuffer();
    expect((await sharp(palette).metadata()).isPalette).toBe(true);
    const b = djpeg((await runProcessor(pngToJpg, [{ name: 'pal.png', data: palette }])).data);
    expect(Math.min(...pixel(b, 90, 4))).toBeGreaterThan(240);
  });

  it('keeps grey-with-alpha as a one-channel JPEG on white', async () => {
    const px = Buffer.alloc(32 * 32 * 2);
    for (let i = 0; i < 32 * 32; i++) px.set(i % 32 < 16 ? [40, 255] : [40, 0], i * 2);
    const png = await sharp(px, { raw: { width: 32, height: 32, channels: 2 } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).channels).toBe(2);
    const out = djpeg((await runProcessor(pngToJpg, [{ name: 'grey.png', data: png }])).data);
    expect(out.channels).toBe(1);
    expect(pixel(out, 4, 4)[0]).toBeLessThan(60);
    expect(pixel(out, 28, 4)[0]).toBeGreaterThan(240);
  });

  it('keeps full-resolution colour for graphics and subsamples photos', async () => {
    const logo = await sharp(await rgbaPng(96, 64))
      .png({ palette: true, colours: 32 })
      .toBuffer();
    const a = (await runProcessor(pngToJpg, [{ name: 'logo.png', data: logo }])).data;
    expect((await sharp(a).metadata()).chromaSubsampling).toBe('4:4:4');
    const photo = await sharp(photoPixels(200, 150, 2), { raw: { width: 200, height: 150, channels: 3 } })
      .png()
      .toBuffer();
    const b = (await runProcessor(pngToJpg, [{ name: 'photo.png', data: photo }])).data;
    expect((await sharp(b).metadata()).chromaSubsampling).toBe('4:2:0');
  });

  it('applies an EXIF orientation stored in the PNG', async () => {
    const png = await sharp(await rgbaPng(48, 32))
      .withMetadata({ orientation: 6 })
      .png()
      .toBuffer();
    const out = djpeg((await runProcessor(pngToJpg, [{ name: 'turned.png', data: png }])).data);
    expect([out.width, out.height]).toEqual([32, 48]);
  });

  it('refuses a truncated PNG and a JPEG, naming the file', async () => {
    const png = await rgbaPng(200, 200);
    const cut = await failure(runProcessor(pngToJpg, [{ name: 'cut.png', data: png.subarray(0, png.length >> 1) }]));
    expect([cut.code, cut.message]).toEqual(['UNPROCESSABLE', expect.stringMatching(/^"cut\.png" is damaged/)]);
    const jpg = await sharp(png).flatten().jpeg().toBuffer();
    const wrong = await failure(runProcessor(pngToJpg, [{ name: 'photo.png', data: jpg }]));
    expect(wrong.message).toBe('"photo.png" is not a PNG image.');
  });
});

describeCorpus('PNG to JPG on corpus PNGs', () => {
  it.each(corpusFiles('png', '.png').map((f) => [path.basename(f), f]))(
    '%s: transparent areas become white',
    async (name, file) => {
      const input = readFileSync(file);
      const { data } = await runProcessor(pngToJpg, [{ name, data: input }]);
      const out = djpeg(data);
      const meta = await sharp(input).metadata();
      expect([out.width, out.height]).toEqual([meta.width, meta.height]);
      // Compare with the PNG flattened onto white by sharp: close, and never dark where it is transparent.
      const { data: alpha } = await sharp(input)
        .ensureAlpha()
        .extractChannel(3)
        .toColourspace('b-w')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const ref = await sharp(input).flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer();
      let clear = 0;
      let darkWhereClear = 0;
      let diff = 0;
      for (let i = 0; i < alpha.length; i++) {
        if (alpha[i] === 0) {
          clear++;
          if (Math.min(out.data[i * 3], out.data[i * 3 + 1], out.data[i * 3 + 2]) <= 235) darkWhereClear++;
        }
        diff += Math.abs(out.data[i * 3] - ref[i * 3]);
      }
      expect(darkWhereClear).toBe(0);
      expect(diff / alpha.length).toBeLessThan(4);
      expect(clear > 0 || meta.hasAlpha).toBe(true);
    },
  );

  it('refuses the decompression-bomb PNG with the limit in the message', async () => {
    const data = readFileSync(corpusPath('bad', 'gdkpixbuf-large-25200x33300.png'));
    const e = await failure(runProcessor(pngToJpg, [{ name: 'large.png', data }]));
    expect([e.code, e.message]).toEqual(['PAYLOAD_TOO_LARGE', expect.stringContaining('limit is 100 megapixels')]);
  });
});
