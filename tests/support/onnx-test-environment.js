// Jest runs each test file in its own VM context, whose typed-array constructors differ from the ones
// onnxruntime-node's native code creates: onnxruntime-common's `instanceof Float32Array` check then fails on
// the model's own output. Test files that run the model use this environment, which hands the context the
// process's typed arrays. Tests only; production code runs in plain worker threads.
const { TestEnvironment } = require('jest-environment-node');

class OnnxEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'ArrayBuffer',
      'Float32Array',
      'Float64Array',
      'Int8Array',
      'Int16Array',
      'Int32Array',
      'Uint8Array',
      'Uint8ClampedArray',
      'Uint16Array',
      'Uint32Array',
      'BigInt64Array',
      'BigUint64Array',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = OnnxEnvironment;
