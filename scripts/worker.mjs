// npm run worker: a job worker process for QUEUE=redis (lib/jobs/queue/worker-main.ts), without Next.js.
// Bundles the job runner (.workers/processor-worker.mjs) and the worker itself (.workers/queue-worker.mjs)
// with esbuild, like `npm run build:worker`, then runs it in this process. Same environment as the server.
import * as esbuild from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWorker, workerOptions } from './build-worker.mjs';

export const queueWorkerOptions = {
  ...workerOptions,
  entryPoints: ['lib/jobs/queue/worker-main.ts'],
  outfile: '.workers/queue-worker.mjs',
};

/** Only the queue worker (Jest's global setup builds the job runner itself). */
export async function buildQueueWorkerOnly() {
  await esbuild.build(queueWorkerOptions);
}

export async function buildQueueWorker() {
  await buildWorker();
  await buildQueueWorkerOnly();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes('--no-build')) await buildQueueWorker();
  if (!process.argv.includes('--build-only'))
    await import(pathToFileURL(path.join(workerOptions.absWorkingDir, queueWorkerOptions.outfile)).href);
}
