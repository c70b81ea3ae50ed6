// PDF → DOCX on a file path: pdf.js reads each page in its own thread (one page at a time), each page
// becomes a DOCX section, and the document is packed with the docx package.
import { Document, Packer, type ISectionOptions } from 'docx';
import { AppError, displayName } from '@/lib/core/errors';
import { PdfjsError, runPdfjs } from '../pdfjs/host';
import type { RenderLimits } from '../pdfjs/protocol';
import { looksEncrypted, pdfErrors } from '../common/pdf-errors';

const encryptedError = pdfErrors.encrypted;
const damagedError = pdfErrors.invalid;
import { pageSections } from './build-docx';
import fs from 'node:fs/promises';
import { serverConfig } from '@/lib/config';
import { checkContentSize, ContentLimitError } from './content-limits';
import { borrowReader } from './ocr';
import { ocrPageSection } from './ocr-page';
import { readScan } from './ocr-orient';
import { readsAsScan, withDigitalWords } from './stamped-scan';
import { textLayerLines } from './text-layer';

export const MAX_PAGES = 1000;
/** Pages without a text layer are rendered at this resolution, for text recognition and as the picture. */
const RENDER_DPI = 200;
/** Vector drawings become pictures at this resolution (print quality; Word shows them at their size). */
const DRAWING_DPI = 220;
/** Pixel caps for page and region renders (see RenderLimits): 16 MP is A3 at 200 dpi; the job budget is
 * about 400 letter pages at 200 dpi. */
export const RENDER_LIMITS = { pagePixels: 16_000_000, jobPixels: 1_500_000_000 };

export interface ConvertResult {
  docx: Buffer;
  pages: number;
  scannedPages: number[];
  /** Scanned pages whose text was recognised (OCR) and became editable paragraphs. */
  ocrPages: number[];
  /** Scanned pages that were sideways or upside down (no /Rotate showing them upright): turned upright. */
  turnedPages: number[];
  /** Scanned pages where recognition found nothing readable: they stay a picture only. */
  unreadablePages: number[];
  /** Pages pdf.js could not read (damaged): they come as empty pages and the visitor is told. */
  failedPages: number[];
  /** Pages whose text layer gave no letters (fonts without a character map): treated as scans. */
  garbledPages: number[];
  totalPages: number;
}

export async function convertPdf(
  filePath: string,
  name: string,
  opts: {
    limits?: RenderLimits;
    /** tesseract threads (default OCR_THREADS) */ ocrThreads?: number;
    /** CPU time of the pdf.js thread (default: 80% of the job's time limit) */ cpuMs?: number;
  } = {},
): Promise<ConvertResult> {
  const jobMs = serverConfig().jobTimeoutMs;
  const head = await fs.readFile(filePath);
  const contentError = (e: ContentLimitError) =>
    new AppError(
      'UNPROCESSABLE',
      `"${displayName(name)}" has page content too large to convert (page ${e.page} unpacks to more than a conversion may use).`,
    );
  // The content-size check runs beside pdf.js (it costs a pdf-lib parse; the time is hidden) and stops the
  // pdf.js thread the moment it finds a page over the limit, before pdf.js has inflated much of it.
  const stop = new AbortController();
  let overLimit: ContentLimitError | null = null;
  const precheck = checkContentSize(head, MAX_PAGES).catch((e) => {
    if (!(e instanceof ContentLimitError)) throw e;
    overLimit = e;
    stop.abort();
  });
  const sections: Promise<ISectionOptions[]>[] = [];
  const scanned: number[] = [];
  const failedPages: number[] = [];
  const ocrPages: number[] = [];
  const unreadablePages: number[] = [];
  const garbledPages: number[] = [];
  const turnedPages: number[] = [];
  const { reader, done: readerDone } = borrowReader(opts.ocrThreads);
  let result;
  try {
    // Sections are built as pages arrive; the chain keeps them in order and one image encode at a time.
    let chain: Promise<unknown> = Promise.resolve();
    const limits = opts.limits ?? RENDER_LIMITS;
    // Work is bounded by the pdf.js thread's CPU time, not by the clock: on a loaded server a light file may
    // wait for a core far longer than it works. Below the job's limit, so that a runaway file gets this clear
    // 422 (when it has a core to itself) before the pool's 504; the wall-clock guard is past the job's limit:
    // the pool stops a job that waits too long.
    let cpuMs = opts.cpuMs ?? Math.round(jobMs * 0.8);
    let next = 0; // the next page to read (0-based)
    let spentPixels = 0; // rendered by earlier parts
    let partPixels = 0; // rendered by this part so far
    const readPart = () =>
      runPdfjs(
        {
          kind: 'extract',
          path: filePath,
          renderDpi: RENDER_DPI,
          maxPages: MAX_PAGES,
          limits: { ...limits, jobPixels: limits.jobPixels - spentPixels },
          drawingDpi: DRAWING_DPI,
          ...(next > 0 ? { firstPage: next + 1 } : {}),
        },
        {
          cpuMs,
          timeoutMs: jobMs + 60_000,
          rssGrowthMb: Math.min(1536, Math.round(serverConfig().jobMemoryMb / 2)),
          signal: stop.signal,
          onPage: (page, index, pixels) => {
            next = index + 1;
            partPixels = pixels;
            if (page.failed) failedPages.push(index + 1);
            // (a stamped scan counts as scanned once its reading shows it is one: stamped-scan.ts)
            if (page.rendered && !page.rendered.stamped) scanned.push(index + 1);
            if (page.garbled) garbledPages.push(index + 1);
            // Recognition starts as the page arrives (two pages at once on two cores); sections stay in order.
            // A page scanned sideways or upside down is turned upright; on a skewed one the text follows the
            // tilt (ocr-orient.ts).
            // A scan with a text layer (OCRmyPDF): the layer's words, no OCR (text-layer.ts).
            const layer = page.rendered?.textLayer ? textLayerLines(page.runs) : null;
            const ocr = layer
              ? Promise.resolve({ page, lines: layer, turn: 0 })
              : page.rendered
                ? readScan(page, (img, dpi) => reader.read(img, dpi)).catch(() => ({ page, lines: [], turn: 0 }))
                : null;
            const s = chain.then(async () => {
              if (page.rendered && ocr) {
                const read = await ocr;
                const { page: upright, turn } = read;
                let lines = read.lines;
                if (page.rendered.stamped) {
                  if (!readsAsScan(page, lines, turn !== 0))
                    return pageSections({ ...page, rendered: undefined }, index === 0);
                  scanned.push(index + 1);
                  // (turned upright, the runs' boxes are not the reading's: their words stay as read)
                  if (!turn) lines = withDigitalWords(page, lines);
                }
                if (!layer) (lines.length ? ocrPages : unreadablePages).push(index + 1);
                if (lines.length && turn) turnedPages.push(index + 1);
                // The scan cleaned of its recognised words (its pictures stay in it), the text set over it.
                if (lines.length) return [await ocrPageSection(upright, lines, index === 0)];
              }
              return pageSections(page, index === 0);
            });
            chain = s.catch(() => undefined);
            sections.push(s);
          },
        },
      );
    for (let stalled = 0; ;) {
      const from = next;
      const partStart = Date.now();
      partPixels = 0;
      try {
        result = await readPart();
        break;
      } catch (e) {
        // pdf.js keeps every page's parsed annotations until its document is closed (a web page printed by
        // Chrome repeats a sidebar's ~2400 link annotations on each page: ~16 MB a page). A document whose
        // pages together outgrow the thread's memory bound is read on from the page reached, in a fresh
        // thread. A part that reads no page twice running is one page too large: that error stands. The
        // next part's CPU bound is what is left (the thread's CPU time is at most its wall time).
        if (!(e instanceof PdfjsError && e.kind === 'memory') || stop.signal.aborted) throw e;
        stalled = next === from ? stalled + 1 : 0;
        cpuMs -= Date.now() - partStart;
        spentPixels += partPixels;
        if (stalled >= 2 || cpuMs <= 0) throw e;
      }
    }
    await precheck;
    if (overLimit) throw contentError(overLimit);
  } catch (e) {
    await readerDone(false);
    await precheck.catch(() => undefined);
    if (overLimit) throw contentError(overLimit);
    if (e instanceof PdfjsError) {
      if (e.kind === 'password') throw encryptedError(name);
      if (e.kind === 'invalid') throw damagedError(name);
      if (looksEncrypted(head)) throw encryptedError(name);
      if (e.kind === 'timeout')
        throw new AppError('UNPROCESSABLE', `"${displayName(name)}" is too large or complex to convert in time.`);
      if (e.kind === 'limit')
        throw new AppError('UNPROCESSABLE', `"${displayName(name)}" has too many large pages to convert.`);
      if (e.kind === 'memory')
        throw new AppError('UNPROCESSABLE', `"${displayName(name)}" needs more memory than a conversion may use.`);
      throw damagedError(name);
    }
    throw e;
  }
  let built: ISectionOptions[];
  let ok = false;
  try {
    built = (await Promise.all(sections)).flat();
    ok = true;
  } finally {
    await readerDone(ok);
  }
  if (sections.length === 0 || failedPages.length === sections.length) throw damagedError(name);
  const doc = new Document({
    creator: 'PDF to Word',
    styles: { default: { document: { run: { font: 'Arial', size: 22 } } } },
    sections: built,
  });
  ocrPages.sort((a, b) => a - b);
  unreadablePages.sort((a, b) => a - b);
  turnedPages.sort((a, b) => a - b);
  scanned.sort((a, b) => a - b);
  return {
    docx: await Packer.toBuffer(doc),
    pages: sections.length,
    scannedPages: scanned,
    ocrPages,
    turnedPages,
    unreadablePages,
    failedPages,
    garbledPages,
    totalPages: result.totalPages,
  };
}
