// The Redis side of the s3 session store: session records, owners, the file-id index, last use, leases
// and the shared byte ledger. Keys (prefix "od:"):
//   od:session:<id>  JSON SessionMeta           od:owner:<id>  owner hash (SET NX: the exclusive claim)
//   od:sessions      ZSET id -> last use (ms)   od:file:<fid>  JSON {sessionId, tool}
//   od:lease:<id>    ZSET token -> expiry (ms)  od:sbytes      HASH id -> "<bytes>|<client>"
//   od:used          total bytes stored         od:cused       HASH client -> bytes stored
import 'server-only';
import type { Redis } from 'ioredis';
import { sharedRedis } from '../redis';

export const K = {
  session: (id: string) => `od:session:${id}`,
  owner: (id: string) => `od:owner:${id}`,
  sessions: 'od:sessions',
  file: (fileId: string) => `od:file:${fileId}`,
  lease: (id: string) => `od:lease:${id}`,
  sbytes: 'od:sbytes',
  used: 'od:used',
  cused: 'od:cused',
};

// Moves a session's bytes in the ledger atomically: the old entry (if any) is taken out of the totals, the
// new one (bytes >= 0) put in; bytes = -1 forgets the session.
const SETTLE = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  local b, c = string.match(old, '^(%-?%d+)|(.*)$')
  redis.call('DECRBY', KEYS[2], b)
  if redis.call('HINCRBY', KEYS[3], c, -tonumber(b)) <= 0 then redis.call('HDEL', KEYS[3], c) end
end
local bytes = tonumber(ARGV[2])
if bytes < 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. '|' .. ARGV[3])
  redis.call('INCRBY', KEYS[2], bytes)
  redis.call('HINCRBY', KEYS[3], ARGV[3], bytes)
end
return 1`;

export const redis = (): Redis => sharedRedis();

/** Records that a session holds `bytes` for `client` (or, with bytes < 0, nothing any more). */
export async function settleShared(sessionId: string, client: string, bytes: number): Promise<void> {
  await redis().eval(SETTLE, 3, K.sbytes, K.used, K.cused, sessionId, String(Math.round(bytes)), client);
}

export async function sharedUsed(): Promise<number> {
  return Math.max(0, Number((await redis().get(K.used)) ?? 0));
}

export async function sharedClientUsed(client: string): Promise<number> {
  return Math.max(0, Number((await redis().hget(K.cused, client)) ?? 0));
}

// Reservations in flight (uploads arriving, results being made) of every instance, so concurrent requests
// on different instances cannot all pass one budget check: each instance publishes its total with an
// expiry, refreshed while it has any; a crashed instance's entry runs out by itself.
const RESERVED = 'od:reserved';
const RESERVED_TTL_MS = 10_000;
export const instanceId = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

/** Publishes this instance's reserved bytes and returns the sum the other live instances published. */
export async function exchangeReserved(own: number, now = Date.now()): Promise<number> {
  const r = redis();
  if (own > 0) await r.hset(RESERVED, instanceId, `${Math.round(own)}|${now + RESERVED_TTL_MS}`);
  else await r.hdel(RESERVED, instanceId);
  const all = await r.hgetall(RESERVED);
  let others = 0;
  const stale: string[] = [];
  for (const [id, v] of Object.entries(all)) {
    const [bytes, until] = v.split('|').map(Number);
    if (!(until > now)) stale.push(id);
    else if (id !== instanceId) others += bytes || 0;
  }
  if (stale.length) await r.hdel(RESERVED, ...stale);
  return others;
}
