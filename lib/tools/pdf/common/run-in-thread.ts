// One library run in a throw-away worker thread, the way both PDF engines need it (MuPDF for compress,
// ../compress/mupdf-host.ts; pdf.js for PDF to Word, ../pdfjs/host.ts): the thread's code is a string (an
// eval worker, so no extra file has to be found next to the bundle), its V8 heap is capped, its stdout and
// stderr are drained unread (the libraries warn about odd files; the visitor does not need that in the
// server log), and the run finishes exactly once: with the answer, on the time-out, when the thread runs
// out of heap ('memory'), crashes or exits, or when a watcher stops it. The thread is terminated after.
import { Worker } from 'node:worker_threads';

/** How a run can fail whatever the library: too slow, out of memory, or anything else. */
export type ThreadFailure = 'timeout' | 'memory' | 'other';

export interface ThreadSettle<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export interface ThreadJob<T, M> {
  /** The library's name in messages: 'MuPDF took too long'. */
  name: string;
  /** The thread's code (CommonJS, run with `eval: true`), and what it reads as `workerData`. */
  source: string;
  workerData: unknown;
  /** Cap of the thread's V8 old generation (MB); past it the thread dies with 'memory'. */
  heapMb: number;
  timeoutMs: number;
  /** Each message from the thread: settle the run, or return to wait for more (page streaming). A throw
   * rejects the run with what was thrown. */
  onMessage: (message: M, settle: ThreadSettle<T>) => void;
  /** The library's own error for a failure of the thread itself. */
  error: (kind: ThreadFailure, message: string) => Error;
  /** Extra guards beside the time-out (pdf.js: an RSS sampler, an abort signal). Given `stop` (rejects the
   * run with that error), returns what undoes them; it runs once when the run finishes. */
  watch?: (stop: (error: unknown) => void) => () => void;
}

export function runInThread<T, M>(job: ThreadJob<T, M>): Promise<T> {
  const worker = new Worker(job.source, {
    eval: true,
    workerData: job.workerData,
    resourceLimits: { maxOldGenerationSizeMb: job.heapMb },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<T>((resolve, reject) => {
    let done = false;
    let unwatch: (() => void) | undefined;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unwatch?.();
      fn();
      void worker.terminate();
    };
    const settle: ThreadSettle<T> = {
      resolve: (value) => finish(() => resolve(value)),
      reject: (error) => finish(() => reject(error)),
    };
    const timer = setTimeout(() => settle.reject(job.error('timeout', `${job.name} took too long`)), job.timeoutMs);
    worker.on('message', (message: M) => {
      if (done) return;
      try {
        job.onMessage(message, settle);
      } catch (e) {
        settle.reject(e);
      }
    });
    worker.on('error', (e: Error & { code?: string }) => {
      settle.reject(job.error(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'other', e.message));
    });
    worker.on('exit', (code) => settle.reject(job.error('other', `${job.name} thread exited (${code})`)));
    if (job.watch) {
      const undo = job.watch(settle.reject);
      if (done) undo();
      else unwatch = undo;
    }
  });
}
