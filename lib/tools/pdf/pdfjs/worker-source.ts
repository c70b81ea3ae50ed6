// The pdf.js thread's code (plain JS, run as an eval worker by host.ts). Kept small: it only opens the
// document and turns pdf.js's output into the plain data of protocol.ts; layout analysis is TypeScript.
import { EXTRACT_SOURCE } from './extract-source';

/** Images above this many pixels are neither decoded nor placed. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { task, lib, standardFonts } = workerData;

async function main() {
  const pdfjs = await import(lib);
  const data = new Uint8Array(fs.readFileSync(task.path));
  const doc = await pdfjs.getDocument({
    data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0,
    standardFontDataUrl: standardFonts, isOffscreenCanvasSupported: false, isImageDecoderSupported: false,
    fontExtraProperties: true, stopAtErrors: false,
    // Caps: images larger than this are not decoded (pdf.js skips them), and its image resizer stays small.
    maxImageSize: ${MAX_IMAGE_PIXELS}, canvasMaxAreaInBytes: ${MAX_IMAGE_PIXELS * 4},
  }).promise;
  if (task.kind === 'count') return { pages: doc.numPages };
  return extract(pdfjs, doc, task);
}

${EXTRACT_SOURCE}

main().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (e) => {
    const name = e && e.name;
    const kind = name === 'PasswordException' ? 'password' : name === 'InvalidPDFException' ? 'invalid'
      : name === 'LimitError' ? 'limit' : 'other';
    parentPort.postMessage({ ok: false, kind, message: String((e && e.message) || e) });
  },
);
`;
