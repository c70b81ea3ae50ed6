// Runs pdf.js (pdfjs-dist legacy build, ESM only) in its own worker thread. Why a thread of its own:
// - pdfjs-dist 5 ships only .mjs, which Jest (CJS) cannot import, while a worker thread is plain Node ESM;
// - the thread has its own heap limit and is terminated on timeout, so a hostile PDF cannot take the
//   job worker down with it.
// The thread's code is a string (eval worker) so no extra file has to be found next to the bundle; it
// imports pdf.js by the absolute URL resolved here.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { WORKER_SOURCE } from './worker-source';
import type { PdfjsResult, PdfjsTask } from './protocol';

export type { PdfjsResult, PdfjsTask } from './protocol';

const localRequire = createRequire(__filename);

function pdfjsUrls(): { lib: string; standardFonts: string } {
  const lib = localRequire.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const root = lib.replace(/legacy[\\/]build[\\/]pdf\.mjs$/, '');
  return { lib: pathToFileURL(lib).href, standardFonts: `${root}standard_fonts/` };
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
  timeoutMs?: number;
  heapMb?: number;
  /** The thread is stopped ('memory') when the process's RSS grows by more than this while it runs: typed
   * arrays, canvases and decoded streams live outside the V8 heap limit. */
  rssGrowthMb?: number;
  /** Stops the thread ('limit'): a check running beside it found the file over a limit. */
  signal?: AbortSignal;
  /** extract: receives each page as it is read (the result's pages array is then empty). */
  onPage?: (page: import('./protocol').PageData, index: number) => void;
}

/** Opens `path` with pdf.js in a fresh thread and runs one task on it. */
export function runPdfjs<T extends PdfjsTask>(task: T, opts: RunOptions = {}): Promise<PdfjsResult<T>> {
  const urls = pdfjsUrls();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { task, lib: urls.lib, standardFonts: urls.standardFonts },
    resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? 1536 },
    stdout: true,
    stderr: true,
  });
  // pdf.js warns on stdout/stderr about odd fonts; the visitor does not need that in the server log.
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(sampler);
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new PdfjsError('timeout', 'pdf.js took too long'))),
      opts.timeoutMs ?? 120_000,
    );
    const baseline = process.memoryUsage.rss();
    const rssLimit = baseline + (opts.rssGrowthMb ?? 1536) * 1024 * 1024;
    const sampler = setInterval(() => {
      if (process.memoryUsage.rss() > rssLimit)
        finish(() => reject(new PdfjsError('memory', 'pdf.js used too much memory')));
    }, 50);
    sampler.unref();
    const onAbort = () => finish(() => reject(new PdfjsError('limit', 'stopped: over a limit')));
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('exit', () => clearInterval(sampler));
    worker.on(
      'message',
      (msg: {
        ok: boolean;
        result?: PdfjsResult<T>;
        kind?: PdfjsError['kind'];
        message?: string;
        page?: import('./protocol').PageData;
        index?: number;
      }) => {
        if (msg.page) {
          try {
            opts.onPage?.(msg.page, msg.index ?? 0);
          } catch (e) {
            finish(() => reject(e));
          }
          return;
        }
        if (msg.ok) finish(() => resolve(msg.result as PdfjsResult<T>));
        else finish(() => reject(new PdfjsError(msg.kind ?? 'other', msg.message ?? 'pdf.js failed')));
      },
    );
    worker.on('error', (e: Error & { code?: string }) => {
      const kind = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'other';
      finish(() => reject(new PdfjsError(kind, e.message)));
    });
    worker.on('exit', (code) => finish(() => reject(new PdfjsError('other', `pdf.js thread exited (${code})`))));
  });
}
