// Image tools on the corpus photos/PNGs and generated images: output/input size, similarity, time, peak RSS.
// Image Compress is compared with two fixed-quality references on the same (oriented) pixels:
//   - sharp mozjpeg q75 (what a fixed-quality mozjpeg compressor gives),
//   - `cjpeg -quality 75` from Debian's libjpeg-turbo-progs (NOT mozjpeg's cjpeg, which Debian lacks).
// Similarity is the multi-scale colour SSIM of similarity.ts (1 = identical) plus plain luma SSIM, both
// against the input's decoded pixels. Run: npx tsx --conditions=react-server bench/image.bench.ts
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BenchRow } from './types';
import { run as compress } from '../lib/tools/image/compress/server';
import { run as jpgToPng } from '../lib/tools/image/jpg-to-png/server';
import { run as pngToJpg } from '../lib/tools/image/png-to-jpg/server';
import { multiScaleSimilarity, similarity, type RawImage } from '../lib/tools/image/common/similarity';
import type { Processor } from '../lib/tools/types';
import { photoJpeg, photoPixels, rgbaPng } from '../tests/fixtures/image-samples';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../shared/corpus');
const corpusFiles = (dir: string, ext: string) => {
  const d = path.join(CORPUS_DIR, dir);
  return fs.existsSync(d)
    ? fs
        .readdirSync(d)
        .filter((f) => f.endsWith(ext))
        .sort()
        .map((f) => path.join(d, f))
    : [];
};
const hasCjpeg = spawnSync('cjpeg', ['-version']).status !== null && spawnSync('djpeg', ['-version']).status !== null;

/** Peak RSS (MB) while `job` runs, sampled every 10 ms. */
async function measured<T>(job: () => Promise<T>): Promise<{ value: T; ms: number; peakMB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t = performance.now();
  try {
    const value = await job();
    return { value, ms: performance.now() - t, peakMB: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

async function run(processor: Processor, name: string, data: Buffer, dir: string) {
  const input = path.join(dir, `in-${name}`);
  fs.writeFileSync(input, data);
  const work = fs.mkdtempSync(path.join(dir, 'w-'));
  const out = await processor([{ path: input, name, size: data.length, kind: 'jpeg' }], {}, { workDir: work });
  return { data: fs.readFileSync(out.path), notice: out.notice };
}

async function pixels(img: Buffer, flatten = false): Promise<RawImage> {
  const pipe = sharp(img, { autoOrient: true });
  if (flatten) pipe.flatten({ background: '#ffffff' });
  const { data, info } = await pipe.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const quality = (ref: RawImage, test: RawImage) => ({
  ms: multiScaleSimilarity(ref, test),
  ssim: similarity(ref, test).y,
});
const fmt = (q: { ms: number; ssim: number }) => `msSSIM ${q.ms.toFixed(4)}, SSIM-Y ${q.ssim.toFixed(4)}`;

async function compressInputs(): Promise<{ name: string; data: Buffer }[]> {
  const list: { name: string; data: Buffer }[] = corpusFiles('photo', '.jpg').map((f) => ({
    name: path.basename(f),
    data: fs.readFileSync(f),
  }));
  list.push({
    name: 'generated 1600x1200 q92 photo-like',
    data: await photoJpeg({ width: 1600, height: 1200, quality: 92, seed: 11 }),
  });
  list.push({
    name: 'generated 1200x900 q85 smooth',
    data: await sharp(photoPixels(1200, 900, 5, 1), { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  });
  list.push({
    name: 'generated 1200x900 q95 noisy',
    data: await sharp(photoPixels(1200, 900, 6, 24), { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer(),
  });
  return list;
}

export default async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-bench-'));
  try {
    // ---------- Image Compress ----------
    const total = { input: 0, ours: 0, moz75: 0, cjpeg75: 0, qOurs: 0, qMoz: 0, qCjpeg: 0, n: 0 };
    for (const { name, data } of await compressInputs()) {
      const ref = await pixels(data);
      const ours = await measured(() => run(compress, name, data, dir));
      const qOurs = quality(ref, await pixels(ours.value.data));
      const oriented = await sharp(data, { autoOrient: true })
        .toColourspace(ref.channels === 1 ? 'b-w' : 'srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const moz = await measured(() =>
        sharp(oriented.data, { raw: oriented.info }).jpeg({ quality: 75, mozjpeg: true }).toBuffer(),
      );
      const qMoz = quality(ref, await pixels(moz.value));
      let cj: { bytes: number; ms: number; q: { ms: number; ssim: number } } | null = null;
      if (hasCjpeg) {
        const ppm = execFileSync('djpeg', ['-pnm'], { input: data, maxBuffer: 1 << 28 });
        const t = performance.now();
        const jpg = execFileSync('cjpeg', ['-quality', '75', '-optimize'], { input: ppm, maxBuffer: 1 << 28 });
        const ms = performance.now() - t;
        // djpeg ignores EXIF orientation: orient the result the same way before comparing.
        const orientation = (await sharp(data).metadata()).orientation ?? 1;
        const shown = await sharp(jpg).withMetadata({ orientation }).jpeg({ quality: 100 }).toBuffer();
        cj = { bytes: jpg.length, ms, q: quality(ref, await pixels(orientation === 1 ? jpg : shown)) };
      }
      rows.push({
        tool: 'image/compress',
        input: name,
        ratio: ours.value.data.length / data.length,
        quality: fmt(qOurs),
        ms: ours.ms,
        peakMB: ours.peakMB,
        note:
          `${ours.value.notice ? 'original kept; ' : ''}mozjpeg q75: ${(moz.value.length / data.length).toFixed(3)}, ${fmt(qMoz)}` +
          (cj
            ? `; cjpeg(libjpeg-turbo) q75: ${(cj.bytes / data.length).toFixed(3)}, ${fmt(cj.q)}, ${Math.round(cj.ms)} ms`
            : '; cjpeg not installed'),
      });
      total.input += data.length;
      total.ours += ours.value.data.length;
      total.moz75 += moz.value.length;
      total.cjpeg75 += cj?.bytes ?? 0;
      total.qOurs += qOurs.ms;
      total.qMoz += qMoz.ms;
      total.qCjpeg += cj?.q.ms ?? 0;
      total.n++;
    }
    rows.push({
      tool: 'image/compress',
      input: `TOTAL (${total.n} images)`,
      ratio: total.ours / total.input,
      quality: `mean msSSIM ${(total.qOurs / total.n).toFixed(4)}`,
      note:
        `bytes ours/mozjpeg-q75 = ${(total.ours / total.moz75).toFixed(3)} (mozjpeg q75 mean msSSIM ${(total.qMoz / total.n).toFixed(4)})` +
        (hasCjpeg
          ? `; ours/cjpeg-q75 = ${(total.ours / total.cjpeg75).toFixed(3)} (mean msSSIM ${(total.qCjpeg / total.n).toFixed(4)})`
          : ''),
    });

    // ---------- JPG to PNG ----------
    const jpgs: { name: string; data: Buffer }[] = corpusFiles('photo', '.jpg').map((f) => ({
      name: path.basename(f),
      data: fs.readFileSync(f),
    }));
    jpgs.push({
      name: 'generated 64x64 flat single colour',
      data: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c81e28' } })
        .jpeg({ quality: 100 })
        .toBuffer(),
    });
    for (const { name, data } of jpgs) {
      const r = await measured(() => run(jpgToPng, name, data, dir));
      const exact =
        Buffer.compare((await pixels(r.value.data)).data as Buffer, (await pixels(data)).data as Buffer) === 0;
      const plain = await sharp(data, { autoOrient: true }).png().toBuffer();
      rows.push({
        tool: 'image/jpg_to_png',
        input: name,
        ratio: r.value.data.length / data.length,
        quality: exact ? 'lossless (pixel-exact)' : 'NOT exact',
        ms: r.ms,
        peakMB: r.peakMB,
        note: `sharp png() defaults: ${(plain.length / data.length).toFixed(3)}`,
      });
    }

    // ---------- PNG to JPG ----------
    const pngs: { name: string; data: Buffer }[] = corpusFiles('png', '.png').map((f) => ({
      name: path.basename(f),
      data: fs.readFileSync(f),
    }));
    pngs.push({ name: 'generated 96x64 RGBA', data: await rgbaPng(96, 64) });
    pngs.push({
      name: 'generated 1600x1200 photo PNG',
      data: await sharp(photoPixels(1600, 1200, 9), { raw: { width: 1600, height: 1200, channels: 3 } })
        .png()
        .toBuffer(),
    });
    for (const { name, data } of pngs) {
      const r = await measured(() => run(pngToJpg, name, data, dir));
      const ref = await pixels(data, true);
      const q = quality(ref, await pixels(r.value.data));
      const flat = await sharp(data)
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 75, mozjpeg: true })
        .toBuffer();
      rows.push({
        tool: 'image/png_to_jpg',
        input: name,
        ratio: r.value.data.length / data.length,
        quality: fmt(q),
        ms: r.ms,
        peakMB: r.peakMB,
        note: `mozjpeg q75: ${(flat.length / data.length).toFixed(3)}, ${fmt(quality(ref, await pixels(flat)))}`,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
