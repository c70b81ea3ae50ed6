// Redis connections for the queue (lib/jobs/redis.ts makes them from REDIS_URL). BullMQ's blocking users
// (workers, queue events) need their own connection that retries forever; a producer (the web instance) and
// the shared limits must fail fast while Redis is down, so a visitor gets a clear 503 instead of a hanging
// request.
import 'server-only';
import type { Redis, RedisOptions } from 'ioredis';
import { createRedis } from '../redis';

/** For BullMQ Worker and QueueEvents: commands wait through reconnects. */
export const blockingConnection = () => createRedis({ maxRetriesPerRequest: null, connectionName: 'onedesk-queue' });

/** For producing jobs and the shared limits: a command fails at once while Redis is unreachable. */
export const commandConnection = (options: RedisOptions = {}) =>
  createRedis({ maxRetriesPerRequest: 1, enableOfflineQueue: false, connectionName: 'onedesk-queue', ...options });

/** Resolves once the connection is ready (a fail-fast connection refuses commands before that), or throws
 * after `ms` (Redis unreachable). */
export function whenReady(redis: Redis, ms = 5000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      if (err) reject(err);
      else resolve();
    };
    const onReady = () => done();
    const timer = setTimeout(() => done(new Error(`redis not ready after ${ms} ms (${redis.status})`)), ms);
    redis.on('ready', onReady);
  });
}
