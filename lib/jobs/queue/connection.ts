// Redis connections for the queue. BullMQ's blocking users (workers, queue events) need their own connection
// that retries forever; a producer (the web instance) must fail fast while Redis is down, so a visitor gets
// a clear 503 instead of a hanging request.
import 'server-only';
import { Redis, type RedisOptions } from 'ioredis';

function url(): string {
  const u = process.env.REDIS_URL;
  if (!u) throw new Error('REDIS_URL is not set (needed by QUEUE=redis).');
  return u;
}

/** For BullMQ Worker and QueueEvents: commands wait through reconnects. */
export const blockingConnection = () =>
  new Redis(url(), { maxRetriesPerRequest: null, connectionName: 'onedesk-queue' });

/** For producing jobs and the shared limits: a command fails at once while Redis is unreachable. */
export const commandConnection = (options: RedisOptions = {}) =>
  new Redis(url(), { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectionName: 'onedesk-queue', ...options });
