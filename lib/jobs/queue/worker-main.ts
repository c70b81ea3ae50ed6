// `npm run worker` (scripts/worker.mjs bundles this file; no Next.js in it): consumes the document and/or model
// queues (WORKER_QUEUES) with the job-runner pool inside, and the maintenance queue's sweep ticks. The same
// environment variables as the web instances. SIGTERM/SIGINT: stop taking jobs, finish the running ones, exit.
import 'server-only';
import os from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { isAppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import { resetJobPool } from '../pool';
import { exitOnBadStorageConfig } from '../store/startup-check';
import { sweep } from '../sweeper';
import { scheduleClusterSweeper } from './cluster-sweeper';
import { blockingConnection } from './connection';
import { executeFileJob } from './execute';
import { MAINTENANCE, parseLanes, type Lane } from './lanes';
import { unsealOptions } from './secrets';
import { checkQueueConfig, queueSecretKey } from './settings';
import { encodeFailure, type QueuedJobData } from './wire';

async function runFileJob(job: Job<QueuedJobData>): Promise<unknown> {
  const d = job.data;
  try {
    const options = unsealOptions(d.options, queueSecretKey(), d.sessionId);
    return await executeFileJob({
      sessionId: d.sessionId,
      tool: d.tool,
      client: d.client,
      options,
      paidBytes: d.paid ?? 0,
    });
  } catch (e) {
    if (!isAppError(e)) console.error(`[worker] ${d.tool} job ${job.id} failed:`, e);
    // A failed job is not tried again (the visitor gets the answer now); only a stall is retried, once.
    throw new UnrecoverableError(encodeFailure(e));
  }
}

async function main(): Promise<void> {
  exitOnBadStorageConfig();
  checkQueueConfig();
  const cfg = serverConfig();
  if (cfg.queue.mode !== 'redis') throw new Error('npm run worker needs QUEUE=redis (and REDIS_URL).');
  const { lanes } = parseLanes(cfg.queue.workerQueues);
  const common = {
    prefix: cfg.queue.prefix,
    // Recorded on each job it takes ("pb"): operators (and the tests) see which process runs what.
    name: `${os.hostname()}-${process.pid}`,
    // A job whose worker stops renewing its lock is handed to another worker once; a second stall fails it.
    maxStalledCount: 1,
    lockDuration: cfg.queue.lockMs,
    stalledInterval: cfg.queue.lockMs,
  };
  const concurrency: Record<Lane, number> = {
    document: cfg.jobConcurrency,
    model: cfg.removeBackgroundConcurrency,
  };
  const workers: Worker[] = lanes.map(
    (lane) =>
      new Worker(lane, runFileJob, { ...common, connection: blockingConnection(), concurrency: concurrency[lane] }),
  );
  workers.push(
    new Worker(
      MAINTENANCE,
      async () => {
        const r = await sweep(Date.now(), false);
        if (r.sessions || r.scratch || r.orphans)
          console.info(
            `[worker] sweep removed ${r.sessions} sessions, ${r.scratch} scratch, ${r.orphans} index entries`,
          );
        return r;
      },
      { ...common, connection: blockingConnection(), concurrency: 1 },
    ),
  );
  for (const w of workers) w.on('error', (e) => console.error('[worker] redis:', e.message));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  await scheduleClusterSweeper();
  // This process's own leftovers only (a previous life's scratch on this host); s3: local scratch is apart.
  if (cfg.storage === 's3') await sweep(Date.now(), true);
  console.log(
    `[worker] ready (pid ${process.pid}): ${lanes.map((l) => `${l} x${concurrency[l]}`).join(', ')}, ${MAINTENANCE}`,
  );

  let stopping = false;
  const stop = async (sig: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${sig}: finishing running jobs`);
    await Promise.all(workers.map((w) => w.close()));
    await resetJobPool();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((e) => {
  console.error(`[worker] cannot start: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
