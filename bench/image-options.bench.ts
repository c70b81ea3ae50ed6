// Issue 20's Image Compress settings, measured in one run:
//   - target size: for each photo, targets at 60 % and 30 % of the default result and 100 KB; the row gives
//     out/target (must be <= 1; close to 1 means few bytes left unused) and the similarity kept;
//   - WebP and AVIF against JPEG at equal similarity: each format's result is scored (multi-scale colour SSIM
//     vs the input), then sharp's mozjpeg is searched (quality 20-98, whole picture) for the smallest JPEG that
//     scores at least as well; the row gives bytes(format) / bytes(mozjpeg at that similarity).
// Run: npx tsx --conditions=react-server bench/image-options.bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BenchRow } from './types';
import { run as compress } from '../lib/tools/image/compress/server';
import { multiScaleSimilarity, type RawImage } from '../lib/tools/image/common/similarity';
import { photoJpeg } from '../tests/fixtures/image-samples';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../shared/corpus');

async function inputs(): Promise<{ name: string; data: Buffer }[]> {
  const list: { name: string; data: Buffer }[] = [];
  const d = path.join(CORPUS_DIR, 'photo');
  if (fs.existsSync(d))
    list.push(
      ...fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.jpg'))
        .sort()
        .map((f) => ({ name: f, data: fs.readFileSync(path.join(d, f)) as Buffer })),
    );
  list.push({
    name: 'generated 1600x1200 q92 photo-like',
    data: await photoJpeg({ width: 1600, height: 1200, quality: 92, seed: 11 }),
  });
  return list;
}

async function pixels(img: Buffer, grey: boolean): Promise<RawImage> {
  const { data, info } = await sharp(img, { autoOrient: true })
    .toColourspace(grey ? 'b-w' : 'srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function run(name: string, data: Buffer, dir: string, settings?: Record<string, unknown>) {
  const input = path.join(dir, `in-${name}`);
  fs.writeFileSync(input, data);
  const work = fs.mkdtempSync(path.join(dir, 'w-'));
  const t = performance.now();
  const out = await compress([{ path: input, name, size: data.length, kind: 'jpeg' }], settings ? { settings } : {}, {
    workDir: work,
  });
  return { data: fs.readFileSync(out.path), notice: out.notice, ms: performance.now() - t };
}

/** Smallest sharp-mozjpeg file of the oriented pixels whose similarity reaches `score`. */
async function mozjpegAt(ref: RawImage, score: number): Promise<{ bytes: number; q: number }> {
  let lo = 20;
  let hi = 98;
  let best = { bytes: Infinity, q: 98 };
  while (lo <= hi) {
    const q = (lo + hi) >> 1;
    const jpg = await sharp(ref.data, {
      raw: { width: ref.width, height: ref.height, channels: ref.channels as 1 | 3 },
    })
      .jpeg({ quality: q, mozjpeg: true })
      .toBuffer();
    if (multiScaleSimilarity(ref, await pixels(jpg, ref.channels === 1)) >= score) {
      best = { bytes: jpg.length, q };
      hi = q - 1;
    } else {
      lo = q + 1;
    }
  }
  return best;
}

export default async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-options-bench-'));
  try {
    const totals: Record<string, { ours: number; moz: number }> = {
      jpeg: { ours: 0, moz: 0 },
      webp: { ours: 0, moz: 0 },
      avif: { ours: 0, moz: 0 },
    };
    for (const { name, data } of await inputs()) {
      const grey = (await sharp(data).metadata()).channels === 1;
      const ref = await pixels(data, grey);
      const plain = await run(name, data, dir);
      // ---------- target size ----------
      for (const kb of [
        Math.floor((plain.data.length / 1024) * 0.6),
        Math.floor((plain.data.length / 1024) * 0.3),
        100,
      ]) {
        const r = await run(name, data, dir, { target_kb: kb });
        const out = await pixels(r.data, grey);
        const sameSize = out.width === ref.width && out.height === ref.height;
        rows.push({
          tool: 'image/compress target_kb',
          input: `${name} -> ${kb} KB`,
          ratio: r.data.length / data.length,
          quality: sameSize
            ? `msSSIM ${multiScaleSimilarity(ref, out).toFixed(4)}`
            : `reduced to ${out.width}x${out.height}`,
          ms: r.ms,
          note: `out/target ${(r.data.length / (kb * 1024)).toFixed(3)} (${r.data.length <= kb * 1024 ? 'met' : 'MISSED'}); default result ${Math.ceil(plain.data.length / 1024)} KB`,
        });
      }
      // ---------- formats at equal similarity ----------
      for (const format of ['jpeg', 'webp', 'avif'] as const) {
        const r = format === 'jpeg' ? plain : await run(name, data, dir, { format });
        const score = multiScaleSimilarity(ref, await pixels(r.data, grey));
        const moz = await mozjpegAt(ref, score);
        totals[format].ours += r.data.length;
        totals[format].moz += moz.bytes;
        rows.push({
          tool: `image/compress format=${format}`,
          input: name,
          ratio: r.data.length / data.length,
          quality: `msSSIM ${score.toFixed(4)}`,
          ms: r.ms,
          note: `bytes / mozjpeg(sharp) at >= same msSSIM (q${moz.q}, ${Math.ceil(moz.bytes / 1024)} KB) = ${(r.data.length / moz.bytes).toFixed(3)}`,
        });
      }
    }
    for (const [format, t] of Object.entries(totals)) {
      rows.push({
        tool: `image/compress format=${format}`,
        input: 'TOTAL',
        note: `bytes / mozjpeg at equal msSSIM = ${(t.ours / t.moz).toFixed(3)}`,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
