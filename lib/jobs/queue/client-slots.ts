// Per-client job cap (MAX_JOBS_PER_CLIENT) shared by every web instance: a counter per client in Redis,
// taken before a job is queued and given back when it ends. The counter expires on its own, so a web
// instance that dies while its jobs run cannot lock a visitor out for longer than that.
import 'server-only';
import type { Redis } from 'ioredis';
import { AppError } from '@/lib/core/errors';

const TAKE = `
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if n > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]) return 0 end
return n`;

const GIVE = `
local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

export class ClientSlots {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(client: string) {
    return `${this.prefix}:client-jobs:${client}`;
  }

  /** Takes one of the client's slots or throws 429 (the same answer as the local pool's cap). */
  async take(client: string, max: number, ttlMs: number): Promise<void> {
    if (max <= 0) return;
    const n = Number(await this.redis.eval(TAKE, 1, this.key(client), max, Math.ceil(ttlMs)));
    if (n === 0)
      throw new AppError('RATE_LIMITED', 'You already have files being processed. Please wait for them to finish.', {
        retryAfterSeconds: 10,
      });
  }

  async give(client: string, max: number): Promise<void> {
    if (max <= 0) return;
    await this.redis.eval(GIVE, 1, this.key(client)).catch(() => undefined);
  }
}
