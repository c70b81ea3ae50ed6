// Remove Background and PNG to SVG. Both tools run the way the server runs them: inside a worker thread
// (a bundle of just these two modules, built here like the job worker), while the main thread measures its
// own longest event-loop stall. Rows: mask IoU and alpha error on composites with a known mask (time per
// image against the library's API: remove-bg.bench.ts); SVG size and render-back SSIM.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { Preset, vectorize } from '@neplex/vectorizer';
import type { BenchRow } from './types';
import { buildBenchWorker, runWorkerJob } from './worker-job';
import { alphaError, makeComposite, maskIoU } from '../tests/support/image/background-images';
import { svgFidelity } from '../lib/tools/image/png-to-svg/compare';

const root = path.resolve(__dirname, '..');
// Same location rule as tests/support/corpus.ts (which needs Jest's describe, so is not imported here).
const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(root, '../shared/corpus');
const hasCorpus = fs.existsSync(CORPUS_DIR);

const WORKER_SOURCE = `
import { parentPort } from 'node:worker_threads';
import fs from 'node:fs';
import { run as removeBackground } from '@/lib/tools/image/remove-background/server';
import { run as pngToSvg } from '@/lib/tools/image/png-to-svg/server';
parentPort.on('message', async (m) => {
  try {
    const t = performance.now();
    const run = m.op === 'bg' ? removeBackground : pngToSvg;
    const input = { path: m.path, name: m.path.split('/').pop(), size: fs.statSync(m.path).size, kind: m.kind };
    const out = await run([input], {}, { workDir: m.workDir });
    parentPort.postMessage({ ms: performance.now() - t, out: out.path });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e) });
  }
});
`;

interface Reply {
  ms: number;
  out?: string;
  error?: string;
}

const runJob = (worker: Worker, msg: object) => runWorkerJob<Reply>(worker, msg);

async function alphaOf(png: string): Promise<Uint8Array> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const a = new Uint8Array(info.width * info.height);
  for (let i = 0; i < a.length; i++) a[i] = data[i * 4 + 3];
  return a;
}

export default async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-svg-bench-'));
  // Inside the project, so its imports resolve from node_modules (.workers/ is not tracked).
  const workerFile = path.join(root, '.workers', `bg-svg-bench-${process.pid}.mjs`);
  await buildBenchWorker(WORKER_SOURCE, 'bg-svg-bench-worker.ts', workerFile);
  const worker = new Worker(workerFile);
  const cpuNote = (r: { cpuMs: number }) =>
    `CPU ${(r.cpuMs / 1000).toFixed(1)} s (>= ${(r.cpuMs / 2000).toFixed(1)} s wall on 2 idle cores)`;
  const load = `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
  try {
    // --- Remove background: composites with a known mask (the first run also loads the model).
    for (const scale of [1, 4]) {
      const c = await makeComposite(scale);
      const file = path.join(dir, `composite-${scale}.png`);
      await sharp(c.rgba, { raw: { width: c.width, height: c.height, channels: 4 } })
        .png()
        .toFile(file);
      const r = await runJob(worker, { op: 'bg', path: file, kind: 'png', workDir: dir });
      const alpha = await alphaOf(r.out!);
      rows.push({
        tool: 'image-remove-background',
        input: `composite ${c.width}x${c.height} (known mask)`,
        quality: `IoU ${maskIoU(alpha, c.mask).toFixed(4)}, alpha error ${alphaError(alpha, c.mask).toFixed(4)}`,
        ms: Math.round(r.ms),
        peakMB: r.peakMB,
        note: `${scale === 1 ? 'cold: includes the model load; ' : ''}${cpuNote(r)}; main-thread stall ${r.stallMs.toFixed(0)} ms; ${load}`,
      });
    }
    // Seconds per image against the library's API: bench/remove-bg.bench.ts.
    const photo = hasCorpus
      ? path.join(CORPUS_DIR, 'photo', 'european-honey-bee.jpg')
      : path.join(dir, 'composite-4.png');

    // --- PNG to SVG.
    const pngs: string[] = [];
    if (hasCorpus)
      for (const f of fs.readdirSync(path.join(CORPUS_DIR, 'png')).sort()) pngs.push(path.join(CORPUS_DIR, 'png', f));
    const logo = path.join(dir, 'drawn-logo.png');
    await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
      <circle cx="80" cy="80" r="62" fill="none" stroke="#1b2a4a" stroke-width="14"/>
      <path d="M150 130 L200 30 L235 130 Z" fill="#d62828"/>
      <rect x="55" y="55" width="50" height="50" rx="8" fill="#f4a261"/></svg>`),
    )
      .png()
      .toFile(logo);
    pngs.push(logo);
    const photoPng = path.join(dir, 'photo-800.png');
    await sharp(photo).resize(800).png().toFile(photoPng);
    pngs.push(photoPng);
    for (const file of pngs) {
      const r = await runJob(worker, { op: 'svg', path: file, kind: 'png', workDir: dir });
      const svg = fs.readFileSync(r.out!);
      const png = fs.readFileSync(file);
      const fid = await svgFidelity(svg, png);
      // Reference: plain vtracer with its poster preset on the same PNG (its own transparency keying).
      const plain = Buffer.from(await vectorize(png, Preset.Poster));
      const plainFid = await svgFidelity(plain, png);
      rows.push({
        tool: 'image-png-to-svg',
        input: path.basename(file),
        ratio: Number((svg.length / fs.statSync(file).size).toFixed(2)),
        quality: `SSIM ${fid.ssim.toFixed(3)}, alpha error ${fid.alphaError.toFixed(3)}`,
        ms: Math.round(r.ms),
        peakMB: r.peakMB,
        note:
          `SVG ${(svg.length / 1024).toFixed(1)} KB; ${cpuNote(r)}; SSIM = lower of white/black backgrounds (goal >= 0.93 on logos/icons); ` +
          `plain vtracer poster: SSIM ${plainFid.ssim.toFixed(3)}, alpha error ${plainFid.alphaError.toFixed(3)}, ${(plain.length / 1024).toFixed(1)} KB`,
      });
    }
  } finally {
    await worker.terminate();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(workerFile, { force: true });
  }
  return rows;
}
