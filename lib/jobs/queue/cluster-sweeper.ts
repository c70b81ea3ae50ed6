// The sweeper once per tick for the whole cluster (QUEUE=redis): a BullMQ job scheduler puts one "sweep" job on
// the maintenance queue every SWEEP_INTERVAL_SECONDS and whichever worker takes it sweeps. Every process
// upserts the same scheduler (idempotent), so it exists as long as any web instance or worker has started.
import 'server-only';
import { Queue } from 'bullmq';
import { serverConfig } from '@/lib/config';
import { commandConnection } from './connection';
import { MAINTENANCE } from './lanes';
import { sweep } from '../sweeper';

export const SWEEP_SCHEDULER = 'sweep';

export async function scheduleClusterSweeper(): Promise<void> {
  const cfg = serverConfig();
  const connection = commandConnection();
  connection.on('error', () => undefined);
  const queue = new Queue(MAINTENANCE, { connection, prefix: cfg.queue.prefix });
  queue.on('error', () => undefined);
  try {
    await queue.upsertJobScheduler(
      SWEEP_SCHEDULER,
      { every: Math.max(1000, cfg.sweepIntervalMs) },
      { name: SWEEP_SCHEDULER, data: {}, opts: { removeOnComplete: 10, removeOnFail: 10 } },
    );
  } finally {
    await queue.close().catch(() => undefined);
    connection.disconnect();
  }
}

/** A web instance's start with QUEUE=redis: the schedule (no timer of its own), and with STORAGE=s3 its own
 * dead scratch removed once (on a shared disk the disk sweep's start-up pass would touch others' jobs). */
export async function startClusterSweeper(): Promise<void> {
  await scheduleClusterSweeper().catch((e) => console.error('[sweeper] cannot schedule:', e?.message ?? e));
  if (serverConfig().storage === 's3')
    await sweep(Date.now(), true).catch((e) => console.error('[sweeper] start-up sweep failed:', e?.message ?? e));
}
