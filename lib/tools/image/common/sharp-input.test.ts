import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '@/lib/core/errors';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';
import { photoJpeg } from '@/tests/fixtures/image-samples';
import { decode, guarded, maxInputPixels, openImage } from './sharp-input';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sharp-input-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.IMAGE_MAX_PIXELS;
});

async function file(name: string, data: Buffer) {
  const p = path.join(dir, name);
  await writeFile(p, data);
  return { path: p, name };
}

const rejects = async (p: Promise<unknown>, code: string, text: RegExp) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).code).toBe(code);
  expect((e as AppError).message).toMatch(text);
};

describe('openImage', () => {
  it('reads size after orientation, grey and CMYK flags', async () => {
    const src = await openImage(await file('o6.jpg', await photoJpeg({ width: 40, height: 24, orientation: 6 })), [
      'jpeg',
    ]);
    expect([src.width, src.height, src.grey, src.cmyk]).toEqual([24, 40, false, false]);
    const grey = await openImage(await file('g.jpg', await photoJpeg({ width: 16, height: 16, grey: true })), ['jpeg']);
    expect(grey.grey).toBe(true);
    const cmyk = await openImage(await file('c.jpg', await photoJpeg({ width: 16, height: 16, cmyk: true })), ['jpeg']);
    expect(cmyk.cmyk).toBe(true);
  });

  it('refuses text and the wrong image format, naming the file', async () => {
    await rejects(
      openImage(await file('notes.jpg', Buffer.from('just some text')), ['jpeg']),
      'UNSUPPORTED_TYPE',
      /"notes\.jpg" is not a JPEG image/,
    );
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await rejects(
      openImage(await file('pic.jpg', png), ['jpeg']),
      'UNSUPPORTED_TYPE',
      /"pic\.jpg" is not a JPEG image/,
    );
  });

  it('refuses images over the pixel limit from IMAGE_MAX_PIXELS before decoding', async () => {
    expect(maxInputPixels()).toBe(100_000_000);
    process.env.IMAGE_MAX_PIXELS = '1000';
    const f = await file('big.jpg', await photoJpeg({ width: 64, height: 32 }));
    await rejects(
      openImage(f, ['jpeg']),
      'PAYLOAD_TOO_LARGE',
      /"big\.jpg" is too large: 64 × 32 pixels .* limit is 0\.0 megapixels/,
    );
  });

  it('gives a clear error for a truncated JPEG (header fine, data cut)', async () => {
    const whole = await photoJpeg({ width: 128, height: 128 });
    const src = await openImage(await file('cut.jpg', whole.subarray(0, Math.floor(whole.length * 0.6))), ['jpeg']);
    await rejects(
      guarded(src, () => decode(src).raw().toBuffer()),
      'UNPROCESSABLE',
      /"cut\.jpg" is damaged or incomplete/,
    );
  });

  it('applies EXIF orientation when decoding', async () => {
    const src = await openImage(await file('o6b.jpg', await photoJpeg({ width: 40, height: 24, orientation: 6 })), [
      'jpeg',
    ]);
    const { info } = await decode(src).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([24, 40]);
  });
});

describeCorpus('openImage on the corpus', () => {
  it('refuses the 25200 × 33300 decompression-bomb PNG by its header', async () => {
    const f = { path: corpusPath('bad', 'gdkpixbuf-large-25200x33300.png'), name: 'gdkpixbuf-large-25200x33300.png' };
    await rejects(
      openImage(f, ['png']),
      'PAYLOAD_TOO_LARGE',
      /25200 × 33300 pixels \(839 megapixels\); the limit is 100 megapixels/,
    );
  });

  it('reports the truncated CMYK JPEG as damaged', async () => {
    const f = { path: corpusPath('bad', 'gdkpixbuf-premature-end-cmyk.jpg'), name: 'gdkpixbuf-premature-end-cmyk.jpg' };
    const src = await openImage(f, ['jpeg']);
    expect(src.cmyk).toBe(true);
    await rejects(
      guarded(src, () => decode(src).raw().toBuffer()),
      'UNPROCESSABLE',
      /damaged or incomplete/,
    );
  });
});
