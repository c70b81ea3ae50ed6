// One library run in a throw-away worker thread, the way both PDF engines need it (MuPDF for compress,
// ../compress/mupdf-host.ts; pdf.js for PDF to Word, ../pdfjs/host.ts): the thread's code is a string (an
// eval worker, so no extra file has to be found next to the bundle), its V8 heap is capped, its stdout and
// stderr are drained unread (the libraries warn about odd files; the visitor does not need that in the
// server log), and the run finishes exactly once: with the answer, on the time-out, when the thread runs
// out of heap ('memory'), crashes or exits, or when a watcher stops it. The thread is terminated after.
// Time: a wall-clock limit fails a light job that merely waits for a core on a loaded server, so work is
// bounded by the thread's own CPU time (`cpuMs`, read from /proc for that one thread) and the wall-clock
// `timeoutMs` is only a hang guard.
import fs from 'node:fs';
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
  /** Wall-clock guard: the run fails with 'timeout' this long after it starts, whatever the load. */
  timeoutMs: number;
  /** CPU time (ms) the thread itself may use; past it the run fails with 'timeout'. Time spent waiting
   * (for a core, for I/O, for a message) does not count. Linux (/proc); elsewhere only `timeoutMs` applies. */
  cpuMs?: number;
  /** Each message from the thread: settle the run, or return to wait for more (page streaming). A throw
   * rejects the run with what was thrown. */
  onMessage: (message: M, settle: ThreadSettle<T>) => void;
  /** The library's own error for a failure of the thread itself. */
  error: (kind: ThreadFailure, message: string) => Error;
  /** Extra guards beside the time-out (pdf.js: an RSS sampler, an abort signal). Given `stop` (rejects the
   * run with that error), returns what undoes them; it runs once when the run finishes. */
  watch?: (stop: (error: unknown) => void) => () => void;
}

/** The thread's first message, when a CPU budget is set: its kernel thread id, so the host can read its
 * CPU time while it is busy (a busy thread cannot answer a question). */
const TID_PREFIX = `try { require('node:worker_threads').parentPort.postMessage({ __threadTid:
  require('node:fs').readlinkSync('/proc/thread-self').split('/').pop() }); } catch {}\n`;

/** CPU time (user + system, ms) of one thread of this process, or null when it cannot be read. */
export function threadCpuMs(tid: string): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

const CPU_SAMPLE_MS = 250;

export function runInThread<T, M>(job: ThreadJob<T, M>): Promise<T> {
  const source = job.cpuMs !== undefined ? TID_PREFIX + job.source : job.source;
  const worker = new Worker(source, {
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
    let tid: string | null = null;
    let cpuSampler: NodeJS.Timeout | undefined;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(cpuSampler);
      unwatch?.();
      fn();
      void worker.terminate();
    };
    const settle: ThreadSettle<T> = {
      resolve: (value) => finish(() => resolve(value)),
      reject: (error) => finish(() => reject(error)),
    };
    const tooLong = () => settle.reject(job.error('timeout', `${job.name} took too long`));
    const timer = setTimeout(tooLong, job.timeoutMs);
    if (job.cpuMs !== undefined) {
      const budget = job.cpuMs;
      cpuSampler = setInterval(() => {
        const used = tid === null ? null : threadCpuMs(tid);
        if (used !== null && used > budget) tooLong();
      }, CPU_SAMPLE_MS);
      cpuSampler.unref();
    }
    worker.on('message', (message: M) => {
      if (done) return;
      const t = (message as { __threadTid?: unknown } | null)?.__threadTid;
      if (typeof t === 'string' && /^\d+$/.test(t)) {
        tid = t;
        return;
      }
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
