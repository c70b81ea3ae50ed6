// Per-client request limit on every API endpoint: a fixed one-minute window per client key. One server
// process: in memory. Several web instances sharing Redis (QUEUE=redis or STORAGE=s3): one window per client
// in Redis (rate-limiter-flexible), with this process's in-memory window as the fallback while Redis is down.
// RATE_LIMIT_PER_MINUTE=0 turns it off. Loopback is not exempt.
import 'server-only';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { serverConfig } from '@/lib/config';
import { commandConnection } from '@/lib/jobs/queue/connection';
import { AppError } from './errors';

const TOO_MANY = 'Too many requests. Please wait a moment and try again.';

interface Window {
  start: number;
  count: number;
}

const KEY = Symbol.for('onedesk.rateLimit');
type WithWindows = typeof globalThis & { [KEY]?: Map<string, Window> };

function windows(): Map<string, Window> {
  const g = globalThis as WithWindows;
  return (g[KEY] ??= new Map());
}

export function checkRateLimit(client: string, now = Date.now()): void {
  const limit = serverConfig().rateLimitPerMinute;
  if (limit <= 0) return;
  const map = windows();
  let w = map.get(client);
  if (!w || now - w.start >= 60_000) {
    w = { start: now, count: 0 };
    map.set(client, w);
    if (map.size > 50_000) prune(map, now);
  }
  w.count += 1;
  if (w.count > limit) {
    const retry = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    throw new AppError('RATE_LIMITED', TOO_MANY, { retryAfterSeconds: retry });
  }
}

function prune(map: Map<string, Window>, now: number): void {
  for (const [k, w] of map) if (now - w.start >= 60_000) map.delete(k);
}

/** Whether this process shares its limits with other instances through Redis. */
export const sharedLimits = () => {
  const cfg = serverConfig();
  return !!cfg.redisUrl && (cfg.queue.mode === 'redis' || cfg.storage === 's3');
};

const SHARED = Symbol.for('onedesk.rateLimitShared');
type Shared = { key: string; limiter: RateLimiterRedis; close: () => void };
type WithShared = typeof globalThis & { [SHARED]?: Shared };

function sharedLimiter(points: number): RateLimiterRedis {
  const g = globalThis as WithShared;
  const key = `${points}|${process.env.REDIS_URL}`;
  if (g[SHARED]?.key !== key) {
    g[SHARED]?.close();
    // Commands wait for the connection being made (so the first requests count in Redis too) but give up
    // after one failed reconnect: then the in-memory fallback counts.
    const client = commandConnection({ enableOfflineQueue: true });
    client.on('error', () => undefined); // reconnects on its own; meanwhile the fallback counts
    g[SHARED] = {
      key,
      limiter: new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${serverConfig().queue.prefix}:rate`,
        points,
        duration: 60,
        // Redis down: count in this process instead of letting everything through.
        insuranceLimiter: new RateLimiterMemory({ points, duration: 60 }),
      }),
      close: () => client.disconnect(),
    };
  }
  return g[SHARED]!.limiter;
}

/** The limit for one request: shared across instances when they share Redis, else checkRateLimit. */
export async function limitRequest(client: string): Promise<void> {
  const limit = serverConfig().rateLimitPerMinute;
  if (limit <= 0) return;
  if (!sharedLimits()) return checkRateLimit(client);
  try {
    await sharedLimiter(limit).consume(client);
  } catch (e) {
    if (e instanceof RateLimiterRes)
      throw new AppError('RATE_LIMITED', TOO_MANY, {
        retryAfterSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)),
      });
    // Neither Redis nor the fallback could answer: let the request through rather than fail the site.
    console.error('[rate-limit]', e instanceof Error ? e.message : e);
  }
}

/** Tests: forget every window (and the shared limiter's connection). */
export const resetRateLimits = () => {
  windows().clear();
  const g = globalThis as WithShared;
  g[SHARED]?.close();
  delete g[SHARED];
};
