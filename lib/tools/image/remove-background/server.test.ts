/** @jest-environment ./tests/support/onnx-test-environment.js */
// Background removal on composites with a known mask and on real photos. The model runs are heavy (one
// session load per file, a few seconds per run on a busy machine), so the file runs it three times in all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { encode as encodeBmp } from 'bmp-ts';
import { removeBackground as libraryRemoveBackground } from '@imgly/background-removal-node';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';
import { decodeRgba } from './decode';
import { refineMask } from './guided';
import { applyMatte, resizeMask } from './matte';
import { MODEL_SIZE, modelDir, predictMask } from './model';
import {
  alphaError,
  edgeColourError,
  makeComposite,
  maskIoU,
  type Composite,
} from '@/tests/support/image/background-images';
import { run as removeBackground } from './server';

jest.setTimeout(240_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, data);
  return p;
};
const input = (p: string, kind: 'jpeg' | 'png' | 'gif' | 'bmp' = 'png') => ({
  path: p,
  name: path.basename(p),
  size: fs.statSync(p).size,
  kind,
});

describe('model and matte on a composite with a known mask', () => {
  let comp: Composite;
  let ours: Uint8Array;

  beforeAll(async () => {
    comp = await makeComposite(1);
    ours = resizeMask(
      await predictMask(comp.rgba, comp.width, comp.height),
      MODEL_SIZE,
      MODEL_SIZE,
      comp.width,
      comp.height,
    );
  });

  test('finds the pasted objects (IoU with the true mask)', () => {
    expect(maskIoU(ours, comp.mask)).toBeGreaterThan(0.95);
    expect(alphaError(ours, comp.mask)).toBeLessThan(0.02);
  });

  test('guided refinement snaps edges without touching flat regions', async () => {
    const refined = Uint8Array.from(ours);
    await refineMask(comp.rgba, refined, comp.width, comp.height);
    expect(maskIoU(refined, comp.mask)).toBeGreaterThanOrEqual(maskIoU(ours, comp.mask) - 0.0005);
    expect(alphaError(refined, comp.mask)).toBeLessThan(0.01);
    // Far from any edge (a 15x15 neighbourhood of equal mask values) the mask is kept as is.
    let flat = 0,
      changed = 0;
    for (let y = 7; y < comp.height - 7; y += 3) {
      for (let x = 7; x < comp.width - 7; x += 3) {
        const v = ours[y * comp.width + x];
        if (v !== 0 && v !== 255) continue;
        let same = true;
        for (let dy = -7; dy <= 7 && same; dy++)
          for (let dx = -7; dx <= 7 && same; dx++) same = ours[(y + dy) * comp.width + x + dx] === v;
        if (!same) continue;
        flat++;
        if (Math.abs(refined[y * comp.width + x] - v) > 2) changed++;
      }
    }
    expect(flat).toBeGreaterThan(1000);
    expect(changed).toBe(0);
  });

  test('gives the same mask as @imgly/background-removal-node on the same pixels', async () => {
    const blob = new Blob([new Uint8Array(comp.rgba)], {
      type: `image/x-rgba8;width=${comp.width};height=${comp.height}`,
    });
    // Raw RGBA out (its x-alpha8 output path is broken in 1.4.5): the alpha channel is the library's mask.
    const result = await libraryRemoveBackground(blob, {
      publicPath: `file://${modelDir()}/`,
      model: 'medium',
      output: { format: 'image/x-rgba8', quality: 1 },
    });
    const rgba = new Uint8Array(await result.arrayBuffer());
    expect(rgba.length).toBe(ours.length * 4);
    const lib = new Uint8Array(ours.length);
    for (let i = 0; i < lib.length; i++) lib[i] = rgba[i * 4 + 3];
    let max = 0,
      sum = 0;
    for (let i = 0; i < lib.length; i++) {
      const d = Math.abs(lib[i] - ours[i]);
      max = Math.max(max, d);
      sum += d;
    }
    // Sequential vs parallel execution may round a float differently: allow one level, never a real change.
    expect(max).toBeLessThanOrEqual(1);
    expect(sum / lib.length).toBeLessThan(0.01);
    expect(maskIoU(lib, ours)).toBeGreaterThan(0.999);
  });

  test('decontaminates edge colours: closer to the true object colour than the raw pixels', async () => {
    const naive = Buffer.from(comp.rgba);
    for (let i = 0; i < ours.length; i++) naive[i * 4 + 3] = ours[i];
    const clean = Buffer.from(comp.rgba);
    await applyMatte(clean, ours, comp.width, comp.height);
    const before = edgeColourError(naive, comp);
    const after = edgeColourError(clean, comp);
    expect(after.pixels).toBeGreaterThan(50);
    // Measured: 11.0 -> 5.7 levels here (12.6 -> 3.4 on the 640x480 composite).
    expect(after.error).toBeLessThan(before.error * 0.7);
    // Fully transparent pixels carry no colour; opaque ones keep theirs.
    for (let i = 0; i < ours.length; i++) {
      if (ours[i] === 0) expect(clean[i * 4] + clean[i * 4 + 1] + clean[i * 4 + 2]).toBe(0);
      if (ours[i] >= 250) expect(clean[i * 4]).toBe(comp.rgba[i * 4]);
    }
  });
});

describe('decoding every accepted kind to oriented RGBA', () => {
  const opts = { formats: ['jpeg', 'png', 'gif'] as ('jpeg' | 'png' | 'gif')[], allowBmp: true };
  let base: Buffer;
  beforeAll(async () => {
    base = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 30 } } })
      .png()
      .toBuffer();
  });

  test('BMP 24-bit and 32-bit without alpha decode as opaque with the right colours', async () => {
    const { data } = await sharp(base).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const abgr = Buffer.alloc(data.length);
    for (let i = 0; i < data.length; i += 4) {
      abgr[i] = 0;
      abgr[i + 1] = data[i + 2];
      abgr[i + 2] = data[i + 1];
      abgr[i + 3] = data[i];
    }
    for (const bitPP of [24, 32] as const) {
      const bmp = encodeBmp({ data: abgr, width: 40, height: 30, bitPP }).data;
      const img = await decodeRgba({ path: write(`x${bitPP}.bmp`, bmp), name: `x${bitPP}.bmp` }, opts);
      expect([img.width, img.height, img.hasAlpha]).toEqual([40, 30, false]);
      expect([...img.data.subarray(0, 4)]).toEqual([200, 40, 30, 255]);
    }
  });

  test('GIF (first frame) and CMYK JPEG come out as sRGB RGBA', async () => {
    const gif = await decodeRgba({ path: write('x.gif', await sharp(base).gif().toBuffer()), name: 'x.gif' }, opts);
    expect([gif.width, gif.height, gif.data.length]).toEqual([40, 30, 40 * 30 * 4]);
    const cmyk = await decodeRgba(
      { path: write('c.jpg', await sharp(base).toColourspace('cmyk').jpeg().toBuffer()), name: 'c.jpg' },
      opts,
    );
    expect(cmyk.data.length).toBe(40 * 30 * 4);
    expect(cmyk.data[0]).toBeGreaterThan(150); // still red, not inverted CMYK
    expect(cmyk.data[2]).toBeLessThan(90);
  });

  test('a damaged BMP and a text file named .png are refused with a message naming the file', async () => {
    await expect(
      decodeRgba({ path: write('cut.bmp', Buffer.from('BM\x00\x01')), name: 'cut.bmp' }, opts),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: expect.stringContaining('"cut.bmp"') });
    await expect(
      decodeRgba({ path: write('t.png', Buffer.from('hello, not an image')), name: 't.png' }, opts),
    ).rejects.toMatchObject({ name: 'AppError', message: expect.stringContaining('"t.png"') });
  });
});

describeCorpus('real files', () => {
  test('EXIF-rotated photo: PNG with alpha at the displayed size, background gone', async () => {
    const p = corpusPath('photo', 'gdkpixbuf-bug725582-testrotate.jpg');
    const out = await removeBackground([input(p, 'jpeg')], {}, { workDir: dir });
    const meta = await sharp(out.path).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 428, 640, 4]);
    const { data } = await sharp(out.path).raw().toBuffer({ resolveWithObject: true });
    let transparent = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] < 16) transparent++;
    const share = transparent / (428 * 640);
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.98);
  });

  test('decompression bomb and truncated CMYK JPEG are refused before any model run', async () => {
    await expect(
      removeBackground([input(corpusPath('bad', 'gdkpixbuf-large-25200x33300.png'))], {}, { workDir: dir }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expect(
      removeBackground([input(corpusPath('bad', 'gdkpixbuf-premature-end-cmyk.jpg'), 'jpeg')], {}, { workDir: dir }),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('gdkpixbuf-premature-end-cmyk.jpg'),
    });
  });
});
