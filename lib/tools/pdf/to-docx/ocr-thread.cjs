'use strict';
// A tesseract thread: tesseract.js's own Node worker script (tesseract.js/src/worker-script/node/index.js)
// with one change. Its core is instantiated from the WebAssembly module the starting process compiled once
// (ocr.ts shares it as worker_threads environment data), so every thread of the process runs the same
// compiled code: V8 keeps a module's compiled and optimised code with the module, and a thread compiling
// tesseract on its own spent ~2 s of CPU on its first page doing it again.
const fs = require('node:fs');
const path = require('node:path');
const { parentPort, getEnvironmentData } = require('node:worker_threads');
const worker = require('tesseract.js/src/worker-script');
const getCore = require('tesseract.js/src/worker-script/node/getCore');
const gunzip = require('tesseract.js/src/worker-script/node/gunzip');
const cache = require('tesseract.js/src/worker-script/node/cache');

/** { name: the core's file name ('tesseract-core-simd-lstm'), module: its compiled WebAssembly.Module } */
const shared = getEnvironmentData('onedesk:tesseract-core');

/** The core factory (from `corePath`, tesseract.js-core's folder as ocr.ts passes it), instantiated from the
 * shared module; `res` reports which way it went (tests read it). */
function sharedCore(corePath, res) {
  const Core = require(path.join(corePath, shared.name));
  const wasm = path.join(corePath, `${shared.name}.wasm`);
  return (options) =>
    Core({
      ...options,
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(shared.module, imports).then(
          (instance) => {
            res.progress({ status: 'tesseract core shared', progress: 1 });
            done(instance, shared.module);
          },
          // (not expected: the module was compiled for this core) compile it again, as the core would
          () => WebAssembly.instantiate(fs.readFileSync(wasm), imports).then((r) => done(r.instance, r.module)),
        );
        return {};
      },
    });
}

parentPort.on('message', (packet) => {
  worker.dispatchHandlers(packet, (obj) => parentPort.postMessage(obj));
});

worker.setAdapter({
  getCore: shared ? async (_oem, corePath, res) => sharedCore(corePath, res) : getCore,
  gunzip,
  fetch: global.fetch,
  ...cache,
});
