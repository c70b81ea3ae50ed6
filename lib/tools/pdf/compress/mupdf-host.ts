// Runs MuPDF (the `mupdf` npm package: MuPDF.js, AGPL-3.0, its WASM shipped inside the package) in a
// thread of its own for what pdf-lib cannot do: subsetting embedded TrueType/CFF fonts to the glyphs
// used, and a garbage collection that merges identical objects. Why a thread:
// - the package is ESM only with top-level await, which Jest (CJS) cannot import (as pdf.js, see
//   ../pdfjs/host.ts), while a worker thread is plain Node ESM;
// - the WASM heap lives outside V8's limits, so the thread caps it by refusing WebAssembly.Memory growth
//   past `memoryMb` (MuPDF then fails its allocation and throws), and it is terminated on timeout
//   (../common/run-in-thread.ts: heap cap, quiet output, time-out, 'memory' on OOM).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInThread } from '../common/run-in-thread';

const localRequire = createRequire(__filename);

export class MupdfError extends Error {
  constructor(
    readonly kind: 'memory' | 'timeout' | 'password' | 'other',
    message: string,
  ) {
    super(message);
    this.name = 'MupdfError';
  }
}

export interface MupdfOptions {
  /** Cap of the WASM heap (MB). */
  memoryMb?: number;
  timeoutMs?: number;
  subsetFonts?: boolean;
}

const SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { url, bytes, memoryMb, subsetFonts, wasm } = workerData;
// The WASM module compiled once per process (by the host) is instantiated here, so a job does not compile
// MuPDF's 10 MB of WASM again (about 0.25 s of CPU per job); Emscripten's instantiateWasm hook takes it.
if (wasm) {
  globalThis.$libmupdf_wasm_Module = {
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm));
      return {};
    },
  };
}
// Refuse WASM heap growth past the cap: Emscripten's grow catches the RangeError and malloc returns NULL,
// which MuPDF turns into an exception ("malloc failed").
const capBytes = memoryMb * 1024 * 1024;
const grow = WebAssembly.Memory.prototype.grow;
let capHit = false;
WebAssembly.Memory.prototype.grow = function (pages) {
  if (this.buffer.byteLength + pages * 65536 > capBytes) { capHit = true; throw new RangeError('MuPDF memory cap'); }
  return grow.call(this, pages);
};
function hasWholeEmbeddedFont(doc) {
  const n = doc.countObjects();
  for (let i = 1; i < n; i++) {
    const o = doc.newIndirect(i).resolve();
    if (!o.isDictionary() || o.get('Type').isNull() || o.get('Type').asName() !== 'FontDescriptor') continue;
    if (o.get('FontFile').isNull() && o.get('FontFile2').isNull() && o.get('FontFile3').isNull()) continue;
    const name = o.get('FontName');
    if (name.isName() && !/^[A-Z]{6}\+/.test(name.asName())) return true;
  }
  return false;
}
async function main() {
  const mupdf = await import(url);
  // The font scan runs on its own parse: walking every object of the document that is then saved was seen
  // to corrupt form XObjects in the saved file.
  let whole = false;
  if (subsetFonts) {
    const probe = new mupdf.PDFDocument(bytes);
    if (!probe.needsPassword()) whole = hasWholeEmbeddedFont(probe);
    probe.destroy();
  }
  const doc = new mupdf.PDFDocument(bytes);
  if (doc.needsPassword()) throw Object.assign(new Error('password'), { kind: 'password' });
  const pages = doc.countPages();
  // Only files with a whole embedded font are subset: re-subsetting fonts that are already subsets gains
  // little, and MuPDF 1.28 was seen dropping a glyph from one (a ')' in the Yosys slides' footer).
  if (whole) {
    try { doc.subsetFonts(); } catch (e) { if (capHit) throw e; }
  }
  // No recompression here: pdf-lib's pass after this one deflates at level 9 and writes object streams.
  const out = doc.saveToBuffer('garbage=deduplicate').asUint8Array();
  return { pages, out: out.slice() };
}
main().then(
  (r) => parentPort.postMessage({ ok: true, pages: r.pages, out: r.out }, [r.out.buffer]),
  (e) => parentPort.postMessage({ ok: false, kind: capHit ? 'memory' : (e && e.kind) || 'other', message: String((e && e.message) || e) }),
);
`;

let compiled: Promise<WebAssembly.Module | undefined> | undefined;
/** MuPDF's WASM, compiled once per process and shared with each job's thread (a Module is cloneable). */
function mupdfWasm(): Promise<WebAssembly.Module | undefined> {
  compiled ??= fs.promises
    .readFile(path.join(path.dirname(localRequire.resolve('mupdf')), 'mupdf-wasm.wasm'))
    .then((b) => WebAssembly.compile(b))
    .catch(() => undefined); // the thread then loads the package's WASM itself
  return compiled;
}

/** Font subsetting + deduplicating save of `bytes` by MuPDF. Resolves to the new file and its page count. */
export async function mupdfRewrite(
  bytes: Uint8Array,
  opts: MupdfOptions = {},
): Promise<{ bytes: Uint8Array; pages: number }> {
  const url = pathToFileURL(localRequire.resolve('mupdf')).href;
  const wasm = await mupdfWasm();
  return runInThread<
    { bytes: Uint8Array; pages: number },
    { ok: boolean; out?: Uint8Array; pages?: number; kind?: MupdfError['kind']; message?: string }
  >({
    name: 'MuPDF',
    source: SOURCE,
    workerData: { url, bytes, memoryMb: opts.memoryMb ?? 1024, subsetFonts: opts.subsetFonts ?? true, wasm },
    heapMb: 512,
    timeoutMs: opts.timeoutMs ?? 120_000,
    onMessage: (m, settle) => {
      if (m.ok && m.out) settle.resolve({ bytes: m.out, pages: m.pages ?? 0 });
      else settle.reject(new MupdfError(m.kind ?? 'other', m.message ?? 'MuPDF failed'));
    },
    error: (kind, message) => new MupdfError(kind, message),
  });
}
