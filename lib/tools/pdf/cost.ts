// What a PDF job will cost, read before the tool runs (issue 13): one pdf-lib parse and a linear pass over
// the file's objects (no page-tree walk, no stream decoding), so it is quick and cannot loop. The features
// are those the PDF tools' time follows (measured on ../shared/corpus, bench/job-cost.bench.ts): pages,
// image pixels, and the pages PDF to Word must render and read by OCR (no font: no text layer).
import 'server-only';
import fs from 'node:fs/promises';
import { linearEstimator, type Features, type LinearModel } from '../cost-model';
import type { JobInput } from '../types';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject } from 'pdf-lib';

export interface PdfFeatures {
  bytes: number;
  pages: number;
  /** Sum of the pages' areas, in megapixels at 200 dpi (each page capped like PDF to Word's renders). */
  pageMp: number;
  /** Pages that paint something but have no font anywhere in their resources (scans): PDF to Word renders
   * and OCRs them. */
  textlessPages: number;
  /** Their area in megapixels at 200 dpi, capped at 16 MP a page like PDF to Word's renders. */
  textlessMp: number;
  /** Image XObjects, and their declared pixels in megapixels (each image counted once). */
  images: number;
  imageMp: number;
}

const N = (s: string) => PDFName.of(s);
const MP = 1e6;
/** PDF to Word renders scans at 200 dpi, at most 16 MP a page (lib/tools/pdf/to-docx/convert.ts). */
const RENDER_SCALE = (200 / 72) ** 2;
const PAGE_MP_CAP = 16;
/** Inherited attributes are looked up at most this far up (a loop cannot hold the pass). */
const MAX_DEPTH = 32;

const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : 0);

function inherited(ctx: PDFDocument['context'], page: PDFDict, key: PDFName): PDFObject | undefined {
  let node: PDFDict | undefined = page;
  for (let d = 0; node && d < MAX_DEPTH; d++) {
    const v = node.get(key);
    if (v !== undefined) return ctx.lookup(v);
    const parent: PDFObject | undefined = ctx.lookup(node.get(N('Parent')));
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}

function pageAreaMp(ctx: PDFDocument['context'], page: PDFDict): number {
  const box = inherited(ctx, page, N('MediaBox'));
  if (!(box instanceof PDFArray) || box.size() < 4) return (612 * 792 * RENDER_SCALE) / MP;
  const v = box.asArray().map((o) => num(ctx.lookup(o)));
  const area = Math.abs((v[2] - v[0]) * (v[3] - v[1]));
  return Math.min(PAGE_MP_CAP, (Math.min(area, 1e10) * RENDER_SCALE) / MP);
}

/** Fonts in the resources, or in those of the forms they draw (one level: enough to see a text layer). */
function hasFont(ctx: PDFDocument['context'], res: PDFObject | undefined, depth = 0): boolean {
  if (!(res instanceof PDFDict)) return false;
  const fonts = ctx.lookup(res.get(N('Font')));
  if (fonts instanceof PDFDict && fonts.keys().length > 0) return true;
  if (depth > 1) return false;
  const xobjects = ctx.lookup(res.get(N('XObject')));
  if (!(xobjects instanceof PDFDict)) return false;
  for (const k of xobjects.keys()) {
    const x = ctx.lookup(xobjects.get(k));
    if (x instanceof PDFRawStream && x.dict.get(N('Subtype')) === N('Form')) {
      if (hasFont(ctx, ctx.lookup(x.dict.get(N('Resources'))), depth + 1)) return true;
    }
  }
  return false;
}

/** Whether PDF to Word would render the page: it draws an XObject (a scan's image) or has more than a few
 * bytes of content (a blank page's "q Q" is not rendered, nor counted). */
function paints(ctx: PDFDocument['context'], page: PDFDict, res: PDFObject | undefined): boolean {
  const xobjects = res instanceof PDFDict ? ctx.lookup(res.get(N('XObject'))) : undefined;
  if (xobjects instanceof PDFDict && xobjects.keys().length > 0) return true;
  const c = ctx.lookup(page.get(N('Contents')));
  const parts = c instanceof PDFArray ? c.asArray().map((o) => ctx.lookup(o)) : [c];
  let bytes = 0;
  for (const s of parts) if (s instanceof PDFRawStream) bytes += s.contents.length;
  return bytes > 32;
}

/** Null when pdf-lib cannot read the file: the tool then gives its own error, nothing is refused here. */
export async function pdfFeatures(path: string): Promise<PdfFeatures | null> {
  const bytes = await fs.readFile(path);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  const ctx = doc.context;
  const f: PdfFeatures = {
    bytes: bytes.length,
    pages: 0,
    pageMp: 0,
    textlessPages: 0,
    textlessMp: 0,
    images: 0,
    imageMp: 0,
  };
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(N('Type')) === N('Page')) {
      const mp = pageAreaMp(ctx, obj);
      f.pages += 1;
      f.pageMp += mp;
      const res = inherited(ctx, obj, N('Resources'));
      if (!hasFont(ctx, res) && paints(ctx, obj, res)) {
        f.textlessPages += 1;
        f.textlessMp += mp;
      }
    } else if (obj instanceof PDFRawStream && obj.dict.get(N('Subtype')) === N('Image')) {
      const w = num(ctx.lookup(obj.dict.get(N('Width'))));
      const h = num(ctx.lookup(obj.dict.get(N('Height'))));
      f.images += 1;
      f.imageMp += Math.min(w * h, 1e10) / MP;
    }
  }
  return f;
}

/** A merge's features: the sum over its files (null if any is unreadable). */
export async function pdfFeaturesOf(paths: string[]): Promise<PdfFeatures | null> {
  const all = await Promise.all(paths.map(pdfFeatures));
  if (all.some((f) => f === null)) return null;
  return (all as PdfFeatures[]).reduce((a, b) => ({
    bytes: a.bytes + b.bytes,
    pages: a.pages + b.pages,
    pageMp: a.pageMp + b.pageMp,
    textlessPages: a.textlessPages + b.textlessPages,
    textlessMp: a.textlessMp + b.textlessMp,
    images: a.images + b.images,
    imageMp: a.imageMp + b.imageMp,
  }));
}

async function read(inputs: JobInput[]): Promise<Features | null> {
  const f = await pdfFeaturesOf(inputs.map((i) => i.path));
  if (!f) return null;
  const { bytes, ...rest } = f;
  return { ...rest, mb: bytes / 2 ** 20, files: inputs.length };
}

/** CPU seconds per tool, fitted on ../shared/corpus (bench/job-cost.bench.ts). PDF to Word's OCR term is set
 * from its scans (1.5-2.2 s per rendered megapixel; a letter page at 200 dpi is 3.7 MP), not the fit, which
 * the many text files pull down. Features: mb (file size), pages, pageMp, textlessPages, textlessMp, images,
 * imageMp (see PdfFeatures), files. */
export const PDF_MODELS = {
  'pdf/compress': { base: 0.5, per: { mb: 0.75, pages: 0.001 } },
  'pdf/to_docx': { base: 0.8, per: { mb: 0.8, pages: 0.03, textlessMp: 1.5 } },
  'pdf/merge': { base: 0.1, per: { mb: 0.01, pages: 0.001 } },
  'pdf/lock': { base: 0.2, per: { mb: 0.04, pages: 0.001 } },
} satisfies Record<string, LinearModel>;

/** PDF to Word converts at most 1000 pages and renders at most 1.5 gigapixels (to-docx/convert.ts): work
 * past them never happens, so it is not counted. */
function toDocxFeatures(f: Features | null): Features | null {
  return f && { ...f, pages: Math.min(f.pages, 1000), textlessMp: Math.min(f.textlessMp, 1500) };
}

export const pdfEstimators = Object.fromEntries(
  Object.entries(PDF_MODELS).map(([api, m]) => [
    api,
    linearEstimator(m, api === 'pdf/to_docx' ? async (inputs) => toDocxFeatures(await read(inputs)) : read),
  ]),
) as Record<keyof typeof PDF_MODELS, ReturnType<typeof linearEstimator>>;
