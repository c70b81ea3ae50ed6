// The sweeper once per tick for the whole cluster (QUEUE=redis): a BullMQ job scheduler puts one "sweep" job on
// the maintenance queue every SWEEP_INTERVAL_SECONDS and whichever worker takes it sweeps. Every process
// upserts the same scheduler (idempotent), so it exists as long as any web instance or worker has started.
import 'server-only';
import { Queue } from 'bullmq';
import { serverConfig } from '@/lib/config';
import { commandConnection } from './connection';
import { MAINTENANCE } from './lanes';

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
