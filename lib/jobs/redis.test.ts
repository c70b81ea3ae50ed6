import { describeWithRedis, startRedis, type RedisServer } from '@/tests/support/services/redis';
import { closeSharedRedis, createRedis, sharedRedis } from './redis';

describeWithRedis('redis client factory (real redis-server)', () => {
  let server: RedisServer;
  const saved = process.env.REDIS_URL;

  beforeAll(async () => {
    server = await startRedis();
    process.env.REDIS_URL = server.url;
  });
  afterAll(async () => {
    await closeSharedRedis();
    process.env.REDIS_URL = saved;
    await server?.stop();
  });

  it('shares one connection per URL and talks to the server', async () => {
    const a = sharedRedis();
    expect(sharedRedis()).toBe(a);
    await a.set('k', 'v');
    const b = createRedis();
    expect(await b.get('k')).toBe('v');
    await b.quit();
  });

  it('stops the server by PID and removes its data dir', async () => {
    const other = await startRedis();
    const fs = await import('node:fs');
    expect(fs.existsSync(other.dir)).toBe(true);
    await other.stop();
    expect(fs.existsSync(other.dir)).toBe(false);
    expect(() => process.kill(other.pid, 0)).toThrow();
  });
});

describe('redis client factory without REDIS_URL', () => {
  it('says what is missing', () => {
    const saved = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    try {
      expect(() => sharedRedis()).toThrow(/REDIS_URL is not set/);
    } finally {
      if (saved !== undefined) process.env.REDIS_URL = saved;
    }
  });
});
