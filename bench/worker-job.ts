// Shared by the image benches that run a tool in a worker thread: bundle a worker from source with the job
// worker's esbuild options, and run one job in it while sampling the main thread's stalls, RSS and CPU.
import path from 'node:path';
import type { Worker } from 'node:worker_threads';

const root = path.resolve(__dirname, '..');

/** Bundles `source` (TypeScript, resolved from the project root) into `outfile` as the job worker is built. */
export async function buildBenchWorker(source: string, sourcefile: string, outfile: string): Promise<void> {
  const { workerOptions } = (await import(path.join(root, 'scripts', 'build-worker.mjs'))) as {
    workerOptions: Record<string, unknown>;
  };
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  await esbuild.build({
    ...workerOptions,
    entryPoints: undefined,
    outfile,
    sourcemap: false,
    stdin: { contents: source, resolveDir: root, sourcefile, loader: 'ts' },
  } as import('esbuild').BuildOptions);
}

export interface JobMeasures {
  stallMs: number;
  peakMB: number;
  cpuMs: number;
}

/** Runs one job in the worker while sampling the main thread's event-loop gaps and the process RSS. The
 * worker replies once with `{ error }` or its result. */
export function runWorkerJob<R extends { error?: string }>(worker: Worker, msg: object): Promise<R & JobMeasures> {
  return new Promise((resolve, reject) => {
    // Process CPU time (all threads): on a shared machine wall time mostly measures the other tenants;
    // CPU time / 2 is what the job takes on 2 idle cores.
    const cpu0 = process.cpuUsage();
    let last = performance.now();
    let stall = 0;
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last - 5);
      last = now;
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    worker.once('message', (r: R) => {
      clearInterval(timer);
      const cpu = process.cpuUsage(cpu0);
      if (r.error) {
        reject(new Error(r.error));
        return;
      }
      resolve({
        ...r,
        stallMs: Math.max(0, stall),
        peakMB: Math.round(peak / 2 ** 20),
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
    });
    worker.postMessage(msg);
  });
}
