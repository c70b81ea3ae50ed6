// Redis clients from REDIS_URL (ioredis), for the s3 session store and the redis job queue. One shared
// command connection per process and URL; blocking users (BullMQ workers) ask for their own connection.
import 'server-only';
import { Redis, type RedisOptions } from 'ioredis';
import { serverConfig } from '@/lib/config';

export type { Redis };

export function redisUrl(): string {
  const url = serverConfig().redisUrl;
  if (!url) throw new Error('REDIS_URL is not set (needed by STORAGE=s3 and QUEUE=redis).');
  return url;
}

/** A new connection; the caller closes it (quit()). */
export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(redisUrl(), {
    // Fail a command after a few reconnect attempts instead of queueing it forever while Redis is down;
    // BullMQ overrides this with null for its blocking connections.
    maxRetriesPerRequest: 3,
    enableOfflineQueue: true,
    connectionName: 'onedesk',
    ...options,
  });
}

let shared: { url: string; client: Redis } | null = null;

/** The process-wide command connection (re-made when REDIS_URL changes, as tests do). */
export function sharedRedis(): Redis {
  const url = redisUrl();
  if (shared?.url !== url) {
    shared?.client.disconnect();
    shared = { url, client: createRedis() };
  }
  return shared.client;
}

/** Closes the shared connection (tests, worker shutdown). */
export async function closeSharedRedis(): Promise<void> {
  const s = shared;
  shared = null;
  if (s) await s.client.quit().catch(() => s.client.disconnect());
}
