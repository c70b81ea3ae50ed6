// Where is each image drawn, and how big? Walks every page's content streams (and the forms they draw,
// and annotation appearances) tracking the CTM, and records for each image XObject the largest size in
// points at which it appears. The compressor downsamples only images whose pixels exceed what that
// largest placement can show.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { scanContent } from './content-lexer';
import { DecodeCapError, applyFilters, filterChain } from './pixels';

type Matrix = [number, number, number, number, number, number];

export interface Placement {
  /** Largest drawn width and height in points (image x and y axes). */
  maxW: number;
  maxH: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MAX_OPS = 5_000_000; // bound the work on pathological content
const MAX_DEPTH = 12;

function mul(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

/** Content streams above this decoded size are not walked (a decompression bomb must not exhaust memory). */
const MAX_CONTENT_BYTES = 64 * 1024 * 1024;

function streamBytes(s: unknown): Uint8Array | null {
  try {
    if (s instanceof PDFRawStream) {
      const chain = filterChain(s.dict);
      return chain ? applyFilters(s.dict.context, s.contents, chain, MAX_CONTENT_BYTES) : null;
    }
    if (s instanceof PDFStream) return s.getContents();
  } catch (e) {
    if (e instanceof DecodeCapError) throw e; // a content bomb stops the job (422)
    // an undecodable content stream draws nothing we can measure
  }
  return null;
}

function matrixOf(arr: unknown): Matrix {
  if (!(arr instanceof PDFArray) || arr.size() !== 6) return IDENTITY;
  const vals = arr.asArray().map((v) => Number((v as { asNumber?: () => number }).asNumber?.() ?? NaN));
  return vals.every(Number.isFinite) ? (vals as Matrix) : IDENTITY;
}

export function findPlacements(doc: PDFDocument): Map<string, Placement> {
  const ctx = doc.context;
  const out = new Map<string, Placement>();
  let ops = 0;

  const record = (ref: PDFRef, m: Matrix) => {
    const w = Math.hypot(m[0], m[1]);
    const h = Math.hypot(m[2], m[3]);
    if (!(w > 0.01 && h > 0.01)) return;
    const key = ref.toString();
    const p = out.get(key);
    if (!p) out.set(key, { maxW: w, maxH: h });
    else {
      p.maxW = Math.max(p.maxW, w);
      p.maxH = Math.max(p.maxH, h);
    }
  };

  const walk = (content: Uint8Array, resources: PDFDict | undefined, base: Matrix, depth: number) => {
    const xobjects = resources?.lookup(PDFName.of('XObject'));
    const xo = xobjects instanceof PDFDict ? xobjects : undefined;
    const stack: Matrix[] = [];
    let ctm = base;
    scanContent(content, (op, args) => {
      if (++ops > MAX_OPS) return false;
      if (op === 'q') stack.push(ctm);
      else if (op === 'Q') ctm = stack.pop() ?? base;
      else if (op === 'cm' && args.length >= 6 && args.slice(-6).every((a) => typeof a === 'number')) {
        ctm = mul(args.slice(-6) as Matrix, ctm);
      } else if (op === 'Do' && xo) {
        const nameArg = args[args.length - 1];
        if (!nameArg || typeof nameArg !== 'object') return;
        const ref = xo.get(PDFName.of(nameArg.name));
        if (!(ref instanceof PDFRef)) return;
        const obj = ctx.lookup(ref);
        if (!(obj instanceof PDFStream)) return;
        const subtype = obj.dict.lookup(PDFName.of('Subtype'));
        if (subtype === PDFName.of('Image')) {
          record(ref, ctm);
          const smask = obj.dict.get(PDFName.of('SMask'));
          if (smask instanceof PDFRef) record(smask, ctm);
        } else if (subtype === PDFName.of('Form') && depth < MAX_DEPTH) {
          const bytes = streamBytes(obj);
          if (!bytes) return;
          const res = obj.dict.lookup(PDFName.of('Resources'));
          const m = mul(matrixOf(obj.dict.lookup(PDFName.of('Matrix'))), ctm);
          walk(bytes, res instanceof PDFDict ? res : resources, m, depth + 1);
        }
      }
    });
  };

  for (const page of doc.getPages()) {
    const node = page.node;
    const resources = node.Resources();
    const contents = node.Contents();
    const parts =
      contents instanceof PDFArray ? contents.asArray().map((r) => ctx.lookup(r)) : contents ? [contents] : [];
    // A page's content may be split anywhere between streams: scan them as one.
    const chunks = parts.map(streamBytes).filter((b): b is Uint8Array => !!b);
    const total = chunks.reduce((s, b) => s + b.length + 1, 0);
    const all = new Uint8Array(total);
    let off = 0;
    for (const b of chunks) {
      all.set(b, off);
      off += b.length;
      all[off++] = 0x0a;
    }
    walk(all, resources, IDENTITY, 0);

    // Annotation appearances (stamps, signatures) draw forms in the annotation's rectangle.
    const annots = node.lookup(PDFName.of('Annots'));
    if (annots instanceof PDFArray) {
      for (const a of annots.asArray()) {
        const annot = ctx.lookup(a);
        if (!(annot instanceof PDFDict)) continue;
        const ap = annot.lookup(PDFName.of('AP'));
        const normal = ap instanceof PDFDict ? ap.lookup(PDFName.of('N')) : undefined;
        if (!(normal instanceof PDFStream)) continue;
        const bytes = streamBytes(normal);
        const res = normal.dict.lookup(PDFName.of('Resources'));
        const bbox = normal.dict.lookup(PDFName.of('BBox'));
        const rect = annot.lookup(PDFName.of('Rect'));
        if (!bytes || !(bbox instanceof PDFArray) || !(rect instanceof PDFArray)) continue;
        const nums = (x: PDFArray) =>
          x.asArray().map((v) => Number((v as { asNumber?: () => number }).asNumber?.() ?? 0));
        const [bx1, by1, bx2, by2] = nums(bbox);
        const [rx1, ry1, rx2, ry2] = nums(rect);
        const sx = bx2 !== bx1 ? Math.abs((rx2 - rx1) / (bx2 - bx1)) : 1;
        const sy = by2 !== by1 ? Math.abs((ry2 - ry1) / (by2 - by1)) : 1;
        const m = mul(matrixOf(normal.dict.lookup(PDFName.of('Matrix'))), [sx, 0, 0, sy, 0, 0]);
        walk(bytes, res instanceof PDFDict ? res : undefined, m, 1);
      }
    }
  }
  return out;
}
