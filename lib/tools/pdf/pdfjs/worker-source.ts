// The pdf.js thread's code (plain JS, run as an eval worker by host.ts). Kept small: it only opens the
// document and turns pdf.js's output into the plain data of protocol.ts; layout analysis is TypeScript.
import { EXTRACT_SOURCE } from './extract-source';
import { SCAN_SOURCE } from './scan-source';
import { PAINT_SOURCE } from './paint-source';
import { DRAWINGS_SOURCE } from './drawings-source';
import { DRAWN_GLYPHS_SOURCE } from './drawn-glyphs-source';
import { CHART_BARS_SOURCE } from './chart-bars-source';
import { WIDGETS_SOURCE } from './widgets-source';
import { TEXT_SOURCE } from './text-source';
import { FONTS_SOURCE } from './font-names';
import { BITMAP_FACE_SOURCE } from './bitmap-face-source';
import { PLAIN_SCAN_SOURCE } from './plain-scan-source';
import { RENDER_SOURCE } from './render-source';

/** Images above this many pixels are neither decoded nor placed. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { task, lib, standardFonts, wasm } = workerData;

async function main() {
  const pdfjs = await import(lib);
  glyphOps = pdfjs.OPS; // (bitmap-face-source.ts)
  const data = new Uint8Array(fs.readFileSync(task.path));
  const doc = await pdfjs.getDocument({
    data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0,
    standardFontDataUrl: standardFonts, wasmUrl: wasm, isOffscreenCanvasSupported: false, isImageDecoderSupported: false,
    fontExtraProperties: true, stopAtErrors: false,
    // Caps: images larger than this are not decoded (pdf.js skips them), and its image resizer stays small.
    maxImageSize: ${MAX_IMAGE_PIXELS}, canvasMaxAreaInBytes: ${MAX_IMAGE_PIXELS * 4},
  }).promise;
  if (task.kind === 'count') return { pages: doc.numPages };
  if (task.kind === 'fonts') return convertedFonts(pdfjs, doc);
  fastPatterns(doc); // (only extraction renders)
  return extract(pdfjs, doc, task);
}

${PAINT_SOURCE}
${EXTRACT_SOURCE}
${RENDER_SOURCE}
${PLAIN_SCAN_SOURCE}
${SCAN_SOURCE}
${FONTS_SOURCE}
${BITMAP_FACE_SOURCE}
${DRAWINGS_SOURCE}
${DRAWN_GLYPHS_SOURCE}
${CHART_BARS_SOURCE}
${WIDGETS_SOURCE}
${TEXT_SOURCE}

// @napi-rs/canvas makes a pattern of a canvas 4-8x slower than of the same pixels as ImageData (measured:
// 120-220 ms against 21-28 ms for a 1500 px tile), and pdf.js makes a tiling pattern's tile as large as its
// step, up to 3000 px a side: a Ghostscript-written page whose image masks are filled with a pattern of a
// 3 pt picture at a 1450 pt step spent 9 of its 12 s making patterns. (Colours equal but for the rounding of
// translucent pixels, which ImageData holds unpremultiplied.)
function fastPatterns(doc) {
  const { canvas, context } = doc.canvasFactory.create(1, 1);
  const proto = Object.getPrototypeOf(context);
  doc.canvasFactory.destroy({ canvas, context });
  if (proto.createPatternOfCanvas) return;
  proto.createPatternOfCanvas = proto.createPattern;
  proto.createPattern = function (src, repetition) {
    const big = src && typeof src.getContext === 'function' && src.width * src.height > 65536;
    return this.createPatternOfCanvas(big ? src.getContext('2d').getImageData(0, 0, src.width, src.height) : src, repetition);
  };
}

// The fonts page 1 selects, in order, as pdf.js converted them (compress/type1-to-cff.ts).
async function convertedFonts(pdfjs, doc) {
  const page = await doc.getPage(1);
  const ops = await page.getOperatorList();
  const fonts = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== pdfjs.OPS.setFont) continue;
    const f = page.commonObjs.get(ops.argsArray[i][0]);
    const toFontChar = [], differences = [];
    for (let c = 0; c < 256; c++) {
      toFontChar.push(f.toFontChar && f.toFontChar[c] !== undefined ? f.toFontChar[c] : -1);
      differences.push(f.differences && f.differences[c] ? f.differences[c] : null);
    }
    const seac = !!f.seacMap && Object.keys(f.seacMap).length > 0;
    fonts.push({ data: f.data ? f.data.slice() : undefined, mimetype: f.mimetype, toFontChar, differences, seac });
  }
  return { fonts };
}

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
