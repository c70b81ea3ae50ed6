// QUEUE=redis: the web instance puts a job on a BullMQ queue in Redis and waits for a worker (`npm run worker`)
// to finish it. Limits that must hold across instances are checked in Redis first: the client's job cap and
// the queue's length. A worker that dies mid-job stops renewing its lock; BullMQ's stalled-job check hands
// the job to another worker once (maxStalledCount 1, set on the workers), and a second stall fails it, so a
// job that kills its worker cannot loop.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import type { StoredOutput } from '../store';
import { ClientSlots } from './client-slots';
import { blockingConnection, commandConnection, whenReady } from './connection';
import { laneOf, type Lane } from './lanes';
import { sealOptions } from './secrets';
import { jobLifetimeMs, queueSecretKey } from './settings';
import type { FileJob, JobQueue } from './types';
import { decodeFailure, type QueuedJobData } from './wire';

const BUSY = 'The server is busy right now. Please try again in a minute.';

interface LaneHandles {
  queue: Queue;
  events: QueueEvents;
  /** The events' own connection: BullMQ does not close a connection it was given. */
  eventsConnection: Redis;
  ready: Promise<unknown>;
}

export class RedisJobQueue implements JobQueue {
  readonly kind = 'redis' as const;
  private readonly redis: Redis = commandConnection();
  private readonly lanes = new Map<Lane, LaneHandles>();
  private readonly slots: ClientSlots;
  private readonly key = queueSecretKey();
  private readonly prefix = serverConfig().queue.prefix;

  constructor() {
    this.redis.on('error', () => undefined); // reconnects on its own; a failing command reports it
    this.slots = new ClientSlots(this.redis, this.prefix);
  }

  private lane(lane: Lane): LaneHandles {
    let h = this.lanes.get(lane);
    if (!h) {
      const queue = new Queue(lane, { connection: this.redis, prefix: this.prefix });
      const eventsConnection = blockingConnection();
      const events = new QueueEvents(lane, { connection: eventsConnection, prefix: this.prefix });
      queue.on('error', () => undefined);
      events.on('error', () => undefined);
      h = { queue, events, eventsConnection, ready: events.waitUntilReady() };
      this.lanes.set(lane, h);
    }
    return h;
  }

  async run(job: FileJob): Promise<StoredOutput> {
    const cfg = serverConfig();
    const ttl = jobLifetimeMs(cfg);
    await whenReady(this.redis).catch(unavailable);
    await this.slots.take(job.client, cfg.maxJobsPerClient, ttl).catch(unavailable);
    try {
      const h = this.lane(laneOf(job.tool));
      await h.ready;
      const counts = await h.queue.getJobCounts('waiting', 'prioritized').catch(unavailable);
      if ((counts.waiting ?? 0) + (counts.prioritized ?? 0) >= cfg.jobQueueMax)
        throw new AppError('UNAVAILABLE', BUSY, { retryAfterSeconds: 30 });
      const data: QueuedJobData = {
        v: 1,
        sessionId: job.sessionId,
        tool: job.tool,
        client: job.client,
        paid: job.paidBytes ?? 0,
        options: sealOptions(job.options, this.key, job.sessionId),
      };
      const queued = await h.queue
        .add(job.tool, data, {
          jobId: randomUUID(),
          attempts: 1,
          // The result reaches the waiting instance through the events stream (listened to before the job
          // was added), so a finished job's record (session id, sealed options) goes at once; a failed
          // one stays an hour for the operator.
          removeOnComplete: true,
          removeOnFail: { age: 3600, count: 1000 },
        })
        .catch(unavailable);
      let out: StoredOutput;
      try {
        out = (await queued.waitUntilFinished(h.events, ttl)) as StoredOutput;
      } catch (e) {
        if (e instanceof Error && /timed out/i.test(e.message)) {
          await queued.remove().catch(() => undefined);
          throw new AppError('TIMEOUT', 'Processing took too long and was stopped. Please try a smaller file.');
        }
        throw decodeFailure(e instanceof Error ? e.message : String(e));
      }
      // The worker checked the result against the budget before storing it (execute.ts): refusing it here
      // would leave the stored object behind until a sweep.
      return out;
    } finally {
      await this.slots.give(job.client, cfg.maxJobsPerClient);
    }
  }

  async close(): Promise<void> {
    for (const h of this.lanes.values()) {
      await h.events.close().catch(() => undefined);
      await h.queue.close().catch(() => undefined);
      h.eventsConnection.disconnect();
    }
    this.lanes.clear();
    this.redis.disconnect();
  }
}

/** Redis unreachable (or a command refused): a clear 503, never a hang or a stack trace. */
function unavailable(e: unknown): never {
  if (e instanceof AppError) throw e;
  console.error('[queue] redis:', e instanceof Error ? e.message : e);
  throw new AppError('UNAVAILABLE', BUSY, { retryAfterSeconds: 30 });
}
