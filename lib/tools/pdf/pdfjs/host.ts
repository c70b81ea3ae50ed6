// Runs pdf.js (pdfjs-dist legacy build, ESM only) in its own worker thread. Why a thread of its own:
// - pdfjs-dist 5 ships only .mjs, which Jest (CJS) cannot import, while a worker thread is plain Node ESM;
// - the thread has its own heap and CPU-time limits and is terminated past them, so a hostile PDF cannot take the
//   job worker down with it (../common/run-in-thread.ts; pdf.js adds page streaming, an abort signal and
//   an RSS sampler as watchers).
// The thread's code is a string (eval worker) so no extra file has to be found next to the bundle; it
// imports pdf.js by the absolute URL resolved here.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { WORKER_SOURCE } from './worker-source';
import type { PageData, PdfjsResult, PdfjsTask } from './protocol';
import { runInThread } from '../common/run-in-thread';

export type { PdfjsResult, PdfjsTask } from './protocol';

const localRequire = createRequire(__filename);

// wasm: pdf.js 5 decodes CCITT fax and JBIG2 images (bitonal office scans) and JPEG 2000 with the decoders
// of pdfjs-dist/wasm (or their JS fallbacks there); without this path such images render as white paper.
function pdfjsUrls(): { lib: string; standardFonts: string; wasm: string } {
  const lib = localRequire.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const root = lib.replace(/legacy[\\/]build[\\/]pdf\.mjs$/, '');
  return { lib: pathToFileURL(lib).href, standardFonts: `${root}standard_fonts/`, wasm: `${root}wasm/` };
}

export class PdfjsError extends Error {
  constructor(
    readonly kind: 'password' | 'invalid' | 'timeout' | 'memory' | 'limit' | 'other',
    message: string,
  ) {
    super(message);
    this.name = 'PdfjsError';
  }
}

export interface RunOptions {
  /** Wall-clock hang guard (see runInThread). */
  timeoutMs?: number;
  /** CPU time the pdf.js thread may use: the bound on its work, which waiting for a core does not use up. */
  cpuMs?: number;
  heapMb?: number;
  /** The thread is stopped ('memory') when the process's RSS grows by more than this while it runs: typed
   * arrays, canvases and decoded streams live outside the V8 heap limit. */
  rssGrowthMb?: number;
  /** Stops the thread ('limit'): a check running beside it found the file over a limit. */
  signal?: AbortSignal;
  /** extract: receives each page as it is read (the result's pages array is then empty), with the pixels
   * the thread has rendered so far. */
  onPage?: (page: PageData, index: number, pixels: number) => void;
}

/** Opens `path` with pdf.js in a fresh thread and runs one task on it. */
export function runPdfjs<T extends PdfjsTask>(task: T, opts: RunOptions = {}): Promise<PdfjsResult<T>> {
  const urls = pdfjsUrls();
  return runInThread<PdfjsResult<T>, PdfjsMessage<T>>({
    name: 'pdf.js',
    source: WORKER_SOURCE,
    workerData: { task, lib: urls.lib, standardFonts: urls.standardFonts, wasm: urls.wasm },
    heapMb: opts.heapMb ?? 1536,
    timeoutMs: opts.timeoutMs ?? 120_000,
    cpuMs: opts.cpuMs,
    onMessage: (msg, settle) => {
      // A page streamed ahead of the result; a throw from onPage rejects the run.
      if (msg.page) return opts.onPage?.(msg.page, msg.index ?? 0, msg.pixels ?? 0);
      if (msg.ok) settle.resolve(msg.result as PdfjsResult<T>);
      else settle.reject(new PdfjsError(msg.kind ?? 'other', msg.message ?? 'pdf.js failed'));
    },
    error: (kind, message) => new PdfjsError(kind, message),
    watch: (stop) => {
      const rssLimit = process.memoryUsage.rss() + (opts.rssGrowthMb ?? 1536) * 1024 * 1024;
      const sampler = setInterval(() => {
        if (process.memoryUsage.rss() > rssLimit) stop(new PdfjsError('memory', 'pdf.js used too much memory'));
      }, 50);
      sampler.unref();
      const onAbort = () => stop(new PdfjsError('limit', 'stopped: over a limit'));
      if (opts.signal?.aborted) onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      return () => {
        clearInterval(sampler);
        opts.signal?.removeEventListener('abort', onAbort);
      };
    },
  });
}

interface PdfjsMessage<T extends PdfjsTask> {
  ok: boolean;
  result?: PdfjsResult<T>;
  kind?: PdfjsError['kind'];
  message?: string;
  page?: PageData;
  index?: number;
  pixels?: number;
}
