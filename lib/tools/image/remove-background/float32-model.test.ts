/** @jest-environment ./tests/support/onnx-test-environment.js */
// The float16 -> float32 model conversion on a tiny model built here (Cast to float16, Add of a float16
// weight, Cast back, plus a side output), run through onnxruntime before and after; and its disk cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onnx } from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import { float32Model, toFloat32Model } from './float32-model';

const T = onnx.TensorProto.DataType;
const weights = [0.5, -1.25, 1000, 2 ** -20]; // the last is a float16 subnormal
// Their float16 bits: 0.5 = 0x3800, -1.25 = 0xbd00, 1000 = 0x63d0, 2^-20 = 0x0010.
const halfBits = new Uint16Array([0x3800, 0xbd00, 0x63d0, 0x0010]);

function tinyModel(): Uint8Array {
  const vi = (name: string, elemType: number) => ({
    name,
    type: { tensorType: { elemType, shape: { dim: [{ dimValue: 4 }] } } },
  });
  const cast = (input: string, output: string, to: number) => ({
    opType: 'Cast',
    input: [input],
    output: [output],
    attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: to }],
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 15 }],
    graph: {
      name: 'tiny',
      node: [
        cast('x', 'xh', T.FLOAT16),
        { opType: 'Add', input: ['xh', 'w'], output: ['yh'] },
        cast('yh', 'output', T.FLOAT),
        cast('xh', 'side', T.FLOAT),
      ],
      initializer: [{ name: 'w', dims: [4], dataType: T.FLOAT16, rawData: new Uint8Array(halfBits.buffer) }],
      input: [vi('x', T.FLOAT)],
      output: [vi('output', T.FLOAT), vi('side', T.FLOAT)],
      valueInfo: [vi('xh', T.FLOAT16), vi('yh', T.FLOAT16)],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

async function runModel(model: Uint8Array | string, x: number[]) {
  const session = await ort.InferenceSession.create(model as Uint8Array);
  const out = await session.run({ x: new ort.Tensor('float32', Float32Array.from(x), [4]) });
  return { names: session.outputNames, output: Array.from(out.output.data as Float32Array) };
}

describe('toFloat32Model', () => {
  it('widens float16 weights exactly, keeps only the mask output, and computes in float32', async () => {
    const converted = toFloat32Model(tinyModel(), 'output');
    const graph = onnx.ModelProto.decode(converted).graph!;
    expect(graph.initializer![0].dataType).toBe(T.FLOAT);
    expect(Array.from(new Float32Array(Uint8Array.from(graph.initializer![0].rawData!).buffer))).toEqual(weights);
    expect(graph.node!.filter((n) => n.opType === 'Cast').map((n) => Number(n.attribute![0].i))).toEqual([
      T.FLOAT,
      T.FLOAT,
      T.FLOAT,
    ]);
    expect(graph.output!.map((o) => o.name)).toEqual(['output']);

    // 0.1 is not a float16 value: the original rounds it, the conversion keeps float32 precision.
    const x = [0.1, 2, 3, 0];
    const before = await runModel(tinyModel(), x);
    const after = await runModel(converted, x);
    expect(before.names).toEqual(['output', 'side']);
    expect(after.names).toEqual(['output']);
    const exact = x.map((v, i) => Math.fround(Math.fround(v) + weights[i]));
    expect(after.output).toEqual(exact);
    expect(before.output[0]).not.toBe(exact[0]);
    for (let i = 0; i < 4; i++) expect(after.output[i]).toBeCloseTo(before.output[i], 2);
  });

  it('refuses a model without the named output', () => {
    expect(() => toFloat32Model(tinyModel(), 'mask')).toThrow('no output mask');
  });
});

describe('float32Model cache', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'float32-model-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('converts once, then returns the cached file without loading the source again', async () => {
    const load = jest.fn(async () => tinyModel());
    const first = await float32Model(dir, 'key-a', load, 'output');
    expect(typeof first).toBe('string');
    expect(fs.readdirSync(dir)).toEqual([path.basename(first as string)]);
    const second = await float32Model(dir, 'key-a', load, 'output');
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect((await runModel(first as string, [1, 1, 1, 1])).output).toEqual(weights.map((w) => Math.fround(1 + w)));
    // Another source model gets its own file.
    expect(await float32Model(dir, 'key-b', load, 'output')).not.toBe(first);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('hands back the converted bytes when the cache directory cannot be written', async () => {
    const blocked = path.join(dir, 'file');
    fs.writeFileSync(blocked, 'not a directory');
    const model = await float32Model(path.join(blocked, 'cache'), 'key', async () => tinyModel(), 'output');
    expect(model).toBeInstanceOf(Uint8Array);
    expect((await runModel(model as Uint8Array, [0, 0, 0, 0])).output).toEqual(weights.map((w) => Math.fround(w)));
  });
});
