// Per-client request limit on every API endpoint: a fixed one-minute window per client key, in memory
// (one server process). RATE_LIMIT_PER_MINUTE=0 turns it off. Loopback is not exempt.
import 'server-only';
import { serverConfig } from '@/lib/config';
import { AppError } from './errors';

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
    throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.', {
      retryAfterSeconds: retry,
    });
  }
}

function prune(map: Map<string, Window>, now: number): void {
  for (const [k, w] of map) if (now - w.start >= 60_000) map.delete(k);
}

/** Tests: forget every window. */
export const resetRateLimits = () => windows().clear();
