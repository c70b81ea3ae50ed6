// Remove Background's model load in a new runner (what every removal pays with MAX_JOBS_PER_WORKER=1): the
// float32 model optimised by onnxruntime at load, against the optimised graph saved once
// (optimised-session.ts), in fresh processes alternating; median load wall and CPU, and whether the first
// run's masks are identical.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { BenchRow } from './types';
import { buildBenchWorker } from './worker-job';

const root = path.resolve(__dirname, '..');

const SOURCE = `
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { serverConfig } from '@/lib/config';
import { MASK_OUTPUT, modelInput, sessionOptions } from '@/lib/tools/image/remove-background/model';
import { cpuSignature, optimisedPath } from '@/lib/tools/image/remove-background/optimised-session';
const ort = createRequire(import.meta.url)('onnxruntime-node');
const [mode, photo, maskOut] = process.argv.slice(2);
const dir = serverConfig().modelCacheDir;
const name = fs.readdirSync(dir).find((f) => /^isnet-float32-[0-9a-f]+[.]onnx$/.test(f));
const model = path.join(dir, name);
const cpu = cpuSignature();
const saved = cpu && optimisedPath(ort, model, cpu);
if (mode === 'saved' && !(saved && fs.existsSync(saved))) {
  console.log(JSON.stringify({ missing: true }));
  process.exit(0);
}
const t = performance.now(), c0 = process.cpuUsage();
const session = mode === 'saved'
  ? await ort.InferenceSession.create(saved, { ...sessionOptions, graphOptimizationLevel: 'disabled' })
  : await ort.InferenceSession.create(model, sessionOptions);
const ms = performance.now() - t, c = process.cpuUsage(c0);
const { data, info } = await sharp(photo).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
const input = new ort.Tensor('float32', modelInput(data, info.width, info.height), [1, 3, 1024, 1024]);
const out = (await session.run({ [session.inputNames[0]]: input }, [MASK_OUTPUT]))[MASK_OUTPUT].data;
const mask = new Uint8Array(out.length);
for (let i = 0; i < out.length; i++) mask[i] = out[i] * 255;
fs.writeFileSync(maskOut, mask);
console.log(JSON.stringify({ ms, cpuMs: (c.user + c.system) / 1000 }));
`;

/** Rows for the two ways a new runner loads the model; run after a removal has saved the graph. */
export async function loadRows(photo: string, dir: string, load: () => string): Promise<BenchRow[]> {
  const file = path.join(root, '.workers', `remove-bg-bench-load-${process.pid}.mjs`);
  await buildBenchWorker(SOURCE, 'remove-bg-bench-load.ts', file);
  const modes = ['optimised at load', 'saved'] as const;
  const runs: Record<string, { ms: number; cpuMs: number }[]> = { 'optimised at load': [], saved: [] };
  try {
    for (let r = 0; r < 3; r++) {
      for (const mode of r % 2 ? [...modes].reverse() : modes) {
        const arg = mode === 'saved' ? 'saved' : 'plain';
        const p = spawnSync(process.execPath, [file, arg, photo, path.join(dir, `load-${arg}.mask`)], {
          encoding: 'utf8',
        });
        if (p.status !== 0)
          return [{ tool: 'image-remove-background', input: 'model load', note: `failed: ${p.stderr.slice(-400)}` }];
        const got = JSON.parse(p.stdout.trim().split('\n').pop()!) as { ms: number; cpuMs: number; missing?: true };
        if (got.missing)
          return [{ tool: 'image-remove-background', input: 'model load', note: 'no saved graph for this CPU' }];
        runs[mode].push(got);
      }
    }
  } finally {
    fs.rmSync(file, { force: true });
  }
  const a = fs.readFileSync(path.join(dir, 'load-plain.mask')),
    b = fs.readFileSync(path.join(dir, 'load-saved.mask'));
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
  const stat = (m: string) => ({ ms: med(runs[m].map((x) => x.ms)), cpu: med(runs[m].map((x) => x.cpuMs)) });
  const plain = stat('optimised at load'),
    saved = stat('saved');
  return modes.map((m) => {
    const s = m === 'saved' ? saved : plain;
    return {
      tool: 'image-remove-background',
      input: `model load in a new runner, graph ${m} (3 fresh processes, alternating)`,
      ms: Math.round(s.ms),
      quality: m === 'saved' ? `first run's mask: ${differ} of ${a.length} values differ` : undefined,
      note:
        `median ${(s.ms / 1000).toFixed(2)} s, CPU ${(s.cpu / 1000).toFixed(2)} s` +
        (m === 'saved' ? `: x${(plain.cpu / s.cpu).toFixed(2)} less CPU, x${(plain.ms / s.ms).toFixed(2)} wall` : '') +
        `; ${load()}`,
    };
  });
}
