// Text recognition for scanned pages with tesseract.js (WebAssembly, its own worker thread), offline:
// the core comes from node_modules/tesseract.js-core, English from @tesseract.js-data/eng, and any other
// language whose .traineddata Debian's tesseract-ocr-* packages installed is used too (OCR_LANGS chooses).
// The recognised words come back by line with their boxes: ocr-page.ts cleans them off the scan and sets
// the text where they were.
import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { setEnvironmentData } from 'node:worker_threads';
import { createWorker, OEM, PSM, type Worker as TessWorker, type WorkerOptions } from 'tesseract.js';
import { serverConfig } from '@/lib/config';
import { forReading } from './ocr-bars';
import { titledShare, TITLED, withoutLeaders } from './ocr-leaders';
import { COLUMN_IN, readingOf, rereadColumns } from './ocr-reading';
import { greyPage, joinPieces, pgm, splitPage, type Piece } from './ocr-split';

const localRequire = createRequire(__filename);
const SYSTEM_TESSDATA = [
  '/usr/share/tesseract-ocr/5/tessdata',
  '/usr/share/tesseract-ocr/4.00/tessdata',
  '/usr/share/tessdata',
];
/** The core ocr-thread.cjs instantiates (environment data: every thread started after it is set has it). */
export const CORE_KEY = 'onedesk:tesseract-core';
/** tesseract.js-core's builds, in the order tesseract.js picks one (the first this V8 can run). */
const CORE_NAMES = ['tesseract-core-relaxedsimd-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-lstm'];
let coreShared = false;
/** tesseract.js-core's folder: its builds' .js and .wasm files (the thread gets it as `corePath`). */
const coreDir = () => path.dirname(localRequire.resolve('tesseract.js-core/package.json'));

/** Compiles tesseract's WebAssembly once in this process for all its tesseract threads (ocr-thread.cjs):
 * a thread that compiled its own spent ~2 s of CPU more on its first page (V8 compiles a module's
 * functions as they are first called and optimises the hot ones, and keeps that code with the module). */
export function shareCore(): void {
  if (coreShared) return;
  coreShared = true;
  const dir = coreDir();
  for (const name of CORE_NAMES) {
    const bytes = fs.readFileSync(path.join(dir, `${name}.wasm`));
    if (!WebAssembly.validate(bytes)) continue;
    setEnvironmentData(CORE_KEY, { name, module: new WebAssembly.Module(bytes) });
    return;
  }
}

export interface OcrSetup {
  /** Directory holding `<lang>.traineddata[.gz]` for every language in `langs`. */
  langPath: string;
  gzip: boolean;
  langs: string[];
}

function systemTessdata(): { dir: string; langs: string[] } | null {
  for (const dir of SYSTEM_TESSDATA) {
    try {
      const langs = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.traineddata'))
        .map((f) => f.replace(/\.traineddata$/, ''))
        .filter((l) => l !== 'osd' && l !== 'equ');
      if (langs.length) return { dir, langs };
    } catch {
      // not installed here
    }
  }
  return null;
}

/** The languages to read with and where their data is: OCR_LANGS ("eng+deu"; empty = all present). */
export function ocrSetup(wanted = serverConfig().ocrLangs): OcrSetup {
  const npmEng = path.join(path.dirname(localRequire.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const sys = systemTessdata();
  const want = wanted
    .split(/[+,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  // One langPath serves all languages: the system's directory when it has what is wanted (it has
  // English whenever any language is installed), else the npm package's English.
  if (sys && sys.langs.includes('eng')) {
    const chosen = (want.length ? want : ['eng', ...sys.langs]).filter(
      (l, i, a) => sys.langs.includes(l) && a.indexOf(l) === i,
    );
    return { langPath: sys.dir, gzip: false, langs: chosen.length ? chosen : ['eng'] };
  }
  return { langPath: npmEng, gzip: true, langs: ['eng'] };
}

/** A recognised word: its box in points from the page's top-left corner. */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** tesseract's confidence, 0..100 */
  conf: number;
}

/** A recognised line: its words left to right, baseline and font size in points, tesseract's paragraph. */
export interface OcrLine {
  words: OcrWord[];
  baseline: number;
  /** the baseline's slope (dy/dx, y down) as tesseract fitted it: a skewed scan's lines slope alike */
  slope?: number;
  size: number;
  para: number;
  bold: boolean;
  italic: boolean;
}

export interface OcrPage {
  /** The kept words by line, with their boxes (the page picture is cleaned and the text placed from them). */
  lines: OcrLine[];
  /** Mean confidence of the kept words (0..100), 0 when nothing was read. */
  confidence: number;
}

/** createWorker's options for a thread of this process: offline data, and the core compiled once. */
export function threadOptions({ langPath, gzip }: OcrSetup): Partial<WorkerOptions> {
  shareCore();
  return {
    langPath,
    gzip,
    cacheMethod: 'none',
    cachePath: os.tmpdir(),
    corePath: coreDir(),
    // (beside this file, and beside the job runner's bundle: scripts/build-worker.mjs copies it there)
    workerPath: path.join(__dirname, 'ocr-thread.cjs'),
    errorHandler: () => undefined,
  };
}

/** Recognition is CPU-bound (the LSTM takes ~90 % of a page's time, page segmentation little), so a job
 * reads two pages at once on a machine with two or more cores: two tesseract threads, the second started
 * only when a second page is waiting. */
export const OCR_THREADS = Math.max(1, Math.min(2, os.availableParallelism()));

interface Slot {
  worker: Promise<TessWorker>;
}

/** Tesseract workers for a job: created on demand (up to `threads`), terminated by `close()`. */
export class PageReader {
  private workers: Slot[] = [];
  private idle: Slot[] = [];
  /** tesseract threads started so far (each costs ~0.5 s of CPU to start: the language data; the code is the
   * process's, compiled once: shareCore) */
  threadsStarted = 0;
  private waiting: ((w: Slot) => void)[] = [];

  constructor(
    private readonly setup: OcrSetup = ocrSetup(),
    private readonly threads: number = OCR_THREADS,
  ) {}

  private start(): Promise<TessWorker> {
    this.threadsStarted++;
    return createWorker(this.setup.langs, OEM.LSTM_ONLY, threadOptions(this.setup));
  }

  /** A new thread, counted among the reader's (it starts in the background). */
  private startSlot(): Slot {
    const w = { worker: this.start() };
    this.workers.push(w);
    return w;
  }

  private acquire(): Promise<Slot> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.workers.length < this.threads) return Promise.resolve(this.startSlot());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(w: Slot): void {
    if (!this.workers.includes(w)) return; // closed meanwhile
    const next = this.waiting.shift();
    if (next) next(w);
    else this.idle.push(w);
  }

  /** Reads a page image rendered at `dpi`; word boxes are in points from the page's top-left corner. A page
   * is read in pieces at once (its columns, or its top and bottom: ocr-split.ts) when the reader has two
   * threads. */
  async read(page: Uint8Array, dpi: number): Promise<OcrPage> {
    let image = page;
    let grey = await greyPage(image).catch(() => null);
    // what tesseract is given (ocr-bars.ts forReading): a dark page as its negative, a page lit unevenly
    // evened out, text on shaded bars set dark on paper
    const readable = grey && forReading(grey, dpi);
    if (readable) {
      grey = readable;
      image = pgm(readable.data, readable.W, readable.H);
    }
    // a page with dot leaders is read whole without them (ocr-leaders.ts); a contents page or an index as
    // one block of lines a column, unless that loses its titles
    const cleaned = grey && withoutLeaders(grey, dpi);
    if (cleaned) {
      const cols = cleaned.columns;
      if (cols) {
        const readings = await Promise.all(cols.map((c) => this.readImage(c.image, dpi, PSM.SINGLE_BLOCK)));
        const page = joinPieces(readings, cols, 72 / dpi);
        if (titledShare(page, cleaned.leaders, 72 / dpi) >= TITLED) return page;
      }
      // (tesseract's layout keeps titles in link boxes but drops a column of page numbers: read apart)
      const parts = this.threads > 1 ? cleaned.numbered : null;
      if (!parts) return this.readImage(cleaned.image, dpi);
      const psms = [PSM.AUTO, PSM.SINGLE_BLOCK];
      const readings = await Promise.all(parts.map((p, i) => this.readImage(p.image, dpi, psms[i])));
      return joinPieces(readings, parts, 72 / dpi);
    }
    const pieces = this.threads > 1 && grey ? await splitPage(image, grey, dpi).catch(() => null) : null;
    if (!pieces) return this.readImage(image, dpi);
    // (a piece as narrow as a column of numbers is read as lines: its layout would take it for vertical text)
    const psm = (p: Piece) => (p.width <= COLUMN_IN * dpi ? PSM.SINGLE_BLOCK : PSM.AUTO);
    const readings = await Promise.all(pieces.map((p) => this.readImage(p.image, dpi, psm(p))));
    return joinPieces(readings, pieces, 72 / dpi);
  }

  private async readImage(image: Uint8Array, dpi: number, psm = PSM.AUTO): Promise<OcrPage> {
    const slot = await this.acquire();
    let worker: TessWorker;
    try {
      worker = await slot.worker;
    } catch (e) {
      this.workers = this.workers.filter((w) => w !== slot); // failed to start: the next read starts another
      throw e;
    }
    // close() may have stopped this worker while it started (the job ended on a limit): tesseract.js would
    // then throw from inside its own job start instead of answering.
    if (!this.workers.includes(slot)) throw new Error('OCR reader closed');
    let page: OcrPage;
    try {
      page = await this.readWith(worker, image, dpi, psm, () => this.workers.includes(slot));
    } catch (e) {
      // (a thread close() stopped is the reader's no more: nothing to replace or stop)
      if (!this.workers.includes(slot)) throw e;
      // a thread that failed a page is not trusted with the next one (it may stay warm for other jobs)
      this.workers = this.workers.filter((w) => w !== slot);
      // a read waiting for a thread gets a new one in its place
      const next = this.waiting.shift();
      if (next) next(this.startSlot());
      void worker.terminate().catch(() => undefined);
      throw e;
    }
    this.release(slot);
    return page;
  }

  private async readWith(
    w: TessWorker,
    image: Uint8Array,
    dpi: number,
    psm: PSM,
    live: () => boolean,
  ): Promise<OcrPage> {
    // Automatic page segmentation but for contents pages (tesseract.js's default is one uniform block, which
    // drops titles and tables).
    await w.setParameters({ user_defined_dpi: String(Math.round(dpi)), tessedit_pageseg_mode: psm });
    // close() may have stopped the thread meanwhile (another page took the job past a limit): tesseract.js
    // would post to the stopped thread from an async function of its own, a rejection nobody can catch.
    if (!live()) throw new Error('OCR reader closed');
    const img = Buffer.from(image);
    const { data } = await w.recognize(img, {}, { blocks: true, text: false });
    // a narrow column of numbers taken for vertical text is read again, as lines (ocr-reading.ts)
    const blocks = await rereadColumns(data.blocks ?? [], dpi, async (rectangle) => {
      if (!live()) throw new Error('OCR reader closed');
      await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
      return (await w.recognize(img, { rectangle }, { blocks: true, text: false })).data.blocks ?? [];
    });
    return readingOf(blocks, 72 / dpi);
  }

  async close(): Promise<void> {
    const all = this.workers;
    this.workers = [];
    this.idle = [];
    await Promise.all(
      all.map(async (w) => {
        try {
          await (await w.worker).terminate();
        } catch {
          // a worker that failed to start has nothing to stop
        }
      }),
    );
  }
}

interface Warm {
  reader: PageReader;
  users: number;
  timer: NodeJS.Timeout | null;
}
let warm: Warm | null = null;

/**
 * A reader for one job. With the default thread count it is the runner's shared one, whose tesseract
 * threads stay loaded between jobs (a new thread costs ~0.5 s of CPU: its language data) until
 * OCR_WARM_SECONDS pass without a scan. `done(true)` after a job that ended normally;
 * `done(false)` after one stopped midway (on a limit): its threads may still be busy with a page nobody
 * waits for, so they are stopped.
 */
export function borrowReader(threads = OCR_THREADS): { reader: PageReader; done: (ok: boolean) => Promise<void> } {
  const idleMs = serverConfig().ocrWarmMs;
  if (threads !== OCR_THREADS || idleMs <= 0) {
    const reader = new PageReader(undefined, threads);
    return { reader, done: () => reader.close() };
  }
  const w: Warm = warm ?? { reader: new PageReader(), users: 0, timer: null };
  warm = w;
  if (w.timer) clearTimeout(w.timer);
  w.timer = null;
  w.users++;
  let returned = false;
  return {
    reader: w.reader,
    done: async (ok) => {
      if (returned) return;
      returned = true;
      w.users--;
      if (w.users > 0) return;
      if (!ok) {
        if (warm === w) warm = null;
        await w.reader.close();
        return;
      }
      w.timer = setTimeout(() => {
        if (warm === w && w.users === 0) {
          warm = null;
          void w.reader.close();
        }
      }, idleMs);
      w.timer.unref();
    },
  };
}

/** Stops the warm tesseract threads now (tests, and a process about to exit). */
export async function closeWarmReader(): Promise<void> {
  const w = warm;
  warm = null;
  if (!w) return;
  if (w.timer) clearTimeout(w.timer);
  await w.reader.close();
}
