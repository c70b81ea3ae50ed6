/** @jest-environment ./tests/support/onnx-test-environment.js */
// The saved optimised graph (optimised-session.ts) on a tiny model built here: saved once, loaded with the
// optimisations off afterwards with the same results, remade when damaged, skipped without a CPU key or a
// writable folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onnx } from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import { cpuSignature, optimisedPath, optimisedSession } from './optimised-session';

const T = onnx.TensorProto.DataType;

/** y = (x + 1) * 2 + x, with constants the optimiser can fold and fuse. */
function tinyModel(): Uint8Array {
  const vi = (name: string) => ({
    name,
    type: { tensorType: { elemType: T.FLOAT, shape: { dim: [{ dimValue: 4 }] } } },
  });
  const scalar = (name: string, v: number) => ({ name, dims: [1], dataType: T.FLOAT, floatData: [v] });
  return onnx.ModelProto.encode(
    onnx.ModelProto.create({
      irVersion: 8,
      opsetImport: [{ domain: '', version: 15 }],
      graph: {
        name: 'tiny',
        node: [
          { opType: 'Add', input: ['x', 'one'], output: ['a'] },
          { opType: 'Mul', input: ['a', 'two'], output: ['b'] },
          { opType: 'Add', input: ['b', 'x'], output: ['output'] },
        ],
        initializer: [scalar('one', 1), scalar('two', 2)],
        input: [vi('x')],
        output: [vi('output')],
      },
    }),
  ).finish();
}

const options: ort.InferenceSession.SessionOptions = { graphOptimizationLevel: 'all', executionMode: 'sequential' };
const x = [0.1, -2, 3.5, 1e-3];
const expected = x.map((v) => Math.fround(Math.fround(Math.fround(Math.fround(v) + 1) * 2) + Math.fround(v)));

async function output(session: ort.InferenceSession): Promise<number[]> {
  const out = await session.run({ x: new ort.Tensor('float32', Float32Array.from(x), [4]) });
  return Array.from(out.output.data as Float32Array);
}

describe('optimisedSession', () => {
  let dir: string, model: string;
  let create: jest.SpyInstance;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optimised-session-'));
    model = path.join(dir, 'tiny.onnx');
    fs.writeFileSync(model, tinyModel());
    create = jest.spyOn(ort.InferenceSession, 'create');
  });
  afterEach(() => {
    create.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const loads = () =>
    create.mock.calls.map(([file, opts]) => [path.basename(String(file)), opts.graphOptimizationLevel]);

  it('saves the optimised graph once, then loads it without optimising again, with the same results', async () => {
    const saved = optimisedPath(ort, model, 'cpu1');
    expect(path.dirname(saved)).toBe(dir);
    expect(await output(await optimisedSession(ort, model, options, 'cpu1'))).toEqual(expected);
    expect(fs.readdirSync(dir).sort()).toEqual(['tiny.onnx', path.basename(saved)].sort());
    expect(await output(await optimisedSession(ort, model, options, 'cpu1'))).toEqual(expected);
    expect(loads()).toEqual([
      ['tiny.onnx', 'all'],
      [path.basename(saved), 'disabled'],
    ]);
    // Another CPU does not use this one's graph.
    await optimisedSession(ort, model, options, 'cpu2');
    expect(loads()[2]).toEqual(['tiny.onnx', 'all']);
    expect(fs.existsSync(optimisedPath(ort, model, 'cpu2'))).toBe(true);
  });

  it('makes a damaged saved graph again', async () => {
    const saved = optimisedPath(ort, model, 'cpu1');
    fs.writeFileSync(saved, 'not a model');
    expect(await output(await optimisedSession(ort, model, options, 'cpu1'))).toEqual(expected);
    expect(loads()).toEqual([
      [path.basename(saved), 'disabled'],
      ['tiny.onnx', 'all'],
    ]);
    expect(fs.readFileSync(saved).length).toBeGreaterThan(20);
    expect(await output(await ort.InferenceSession.create(saved))).toEqual(expected);
  });

  it('saves nothing without a CPU key or a writable folder, and still gives a session', async () => {
    expect(await output(await optimisedSession(ort, model, options, null))).toEqual(expected);
    expect(fs.readdirSync(dir)).toEqual(['tiny.onnx']);
    fs.chmodSync(dir, 0o555);
    try {
      // root may write anyway: then the graph is saved, which is fine; never a half-written file.
      expect(await output(await optimisedSession(ort, model, options, 'cpu1'))).toEqual(expected);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      fs.chmodSync(dir, 0o755);
    }
  });

  it('keys the CPU by its model and flags where /proc/cpuinfo is readable', () => {
    const sig = cpuSignature();
    if (fs.existsSync('/proc/cpuinfo')) expect(sig).toMatch(/^[0-9a-f]{12}$/);
    else expect(sig).toBeNull();
  });
});
