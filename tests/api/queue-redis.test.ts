// QUEUE=redis through the real route handlers: the process step is queued in a real redis-server and run by a
// real `npm run worker` process (its bundle) on the shared data dir. Checks: a lock job's result is right
// and its password is nowhere in Redis in clear; the per-client job cap and the rate limit are counted in
// Redis (and the rate limit falls back to memory when Redis is down); a visitor's error keeps its status
// through the queue; a worker killed mid-job is replaced and the visitor's request still succeeds.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { resetRateLimits } from '@/lib/api/rate-limit';
import { resetJobQueue } from '@/lib/jobs/queue';
import { closeSharedRedis } from '@/lib/jobs/redis';
import { as, call, cleanup, download, json, processStep, upload, useTestDataDir } from '../support/api';
import { queueEnv, startQueueWorker, type QueueWorker } from '../support/queue-worker';
import { loadFixture } from '../support/tool-fixture';
import { describeWithRedis, startRedis, type RedisServer } from '../support/services/redis';

let redisServer: RedisServer | undefined;
let redisUrl = '';

const env = queueEnv('redis://127.0.0.1:1', { SHARED_DATA_DIR: '1', QUEUE_LOCK_SECONDS: '2' });
const data = useTestDataDir(env);
let worker: QueueWorker | null = null;
let spare: QueueWorker | null = null;
let redis: Redis;

/** The worker name ("host-pid") running the document queue's active job, once one is active and (when
 * `not` is given) it is another one than `not`. */
async function activeRunner(not = '', timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const id of await redis.lrange(`${env.QUEUE_PREFIX}:document:active`, 0, -1)) {
      const pb = (await redis.hget(`${env.QUEUE_PREFIX}:document:${id}`, 'pb')) ?? '';
      if (pb && pb !== not) return pb;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no job became active');
}

async function noisePhoto(): Promise<Buffer> {
  return sharp(randomBytes(3000 * 2000 * 3), { raw: { width: 3000, height: 2000, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describeWithRedis('QUEUE=redis with a worker process', () => {
  beforeAll(async () => {
    redisServer = await startRedis();
    redisUrl = redisServer.url;
    redis = new Redis(redisUrl);
    process.env.REDIS_URL = redisUrl;
    await resetJobQueue();
    worker = await startQueueWorker({ ...env, REDIS_URL: redisUrl, DATA_DIR: data.dir() });
  });
  afterAll(async () => {
    resetRateLimits();
    await resetJobQueue();
    await closeSharedRedis(); // the rate limiter's connection would keep reconnecting and hold Jest open
    await worker?.stop();
    await spare?.stop();
    redis?.disconnect();
    await redisServer?.stop();
  });

  it('locks a PDF on the worker; the password never sits in Redis in clear text', async () => {
    const fx = loadFixture('pdf-lock')!;
    const inputs = await fx.valid();
    const up = await upload('pdf/lock', inputs, fx.fields);
    expect(up.res.status).toBe(200);
    const pending = processStep('pdf/lock', { session_id: up.sessionId, ...fx.fields });
    // While the job waits or runs, its record holds the options sealed, not the password.
    let data = '';
    for (let i = 0; i < 200 && !data; i++) {
      for (const k of await redis.keys(`${env.QUEUE_PREFIX}:document:*`))
        if ((await redis.type(k)) === 'hash') data ||= (await redis.hget(k, 'data')) ?? '';
      if (!data) await new Promise((r) => setTimeout(r, 25));
    }
    expect(data).toContain('"sealed":"v1.');
    expect(data).not.toContain(fx.fields!.password);
    const pr = await pending;
    expect(pr.body).toMatchObject({ success: true });
    const dl = await download('pdf/lock', pr.body.file_id as string);
    expect(dl.res.status).toBe(200);
    await fx.check(dl.data, inputs);

    // Afterwards nothing in Redis holds it either (the finished job's record is gone, events carry none).
    for (const k of await redis.keys('*')) {
      const type = await redis.type(k);
      const values =
        type === 'hash'
          ? Object.values(await redis.hgetall(k))
          : type === 'string'
            ? [await redis.get(k)]
            : type === 'stream'
              ? (await redis.xrange(k, '-', '+')).flatMap(([, f]) => f)
              : [];
      for (const v of values) expect(v ?? '').not.toContain(fx.fields!.password);
    }
    expect((await cleanup('pdf/lock', up.sessionId)).res.status).toBe(200);
  });

  it('keeps a visitor error its status through the queue', async () => {
    // A "PDF" that is not one passes the upload sniff only if it starts like one: pdf-lib then fails on it.
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    const up = await upload('pdf/compress', [{ name: 'broken.pdf', data: broken }]);
    expect(up.res.status).toBe(200);
    const pr = await processStep('pdf/compress', { session_id: up.sessionId });
    expect(pr.res.status).toBe(422);
    expect(pr.body.error).toEqual(expect.stringContaining('broken.pdf'));
  });

  it('counts the per-client job cap in Redis', async () => {
    process.env.MAX_JOBS_PER_CLIENT = '1';
    try {
      const jpg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } })
        .jpeg()
        .toBuffer();
      const a = await upload('image/compress', [{ name: 'a.jpg', data: jpg }]);
      const b = await upload('image/compress', [{ name: 'b.jpg', data: jpg }]);
      const [ra, rb] = await Promise.all([
        processStep('image/compress', { session_id: a.sessionId }),
        processStep('image/compress', { session_id: b.sessionId }),
      ]);
      expect([ra.res.status, rb.res.status].sort()).toEqual([200, 429]);
      // Given back when the job ended: the next one goes through.
      expect((await processStep('image/compress', { session_id: b.sessionId })).res.status).toBe(200);
      expect(await redis.keys(`${env.QUEUE_PREFIX}:client-jobs:*`)).toEqual([]);
    } finally {
      process.env.MAX_JOBS_PER_CLIENT = '0';
    }
  });

  it('counts the rate limit in Redis, and in memory while Redis is unreachable', async () => {
    process.env.RATE_LIMIT_PER_MINUTE = '3';
    const count = () => call('POST', '/api/text/count/', { body: JSON.stringify({ text: 'hi' }) });
    try {
      await as('rita', async () => {
        for (let i = 0; i < 3; i++) expect((await count()).status).toBe(200);
        const over = await count();
        expect(over.status).toBe(429);
        expect((await json(over)).error).toBe('Too many requests. Please wait a moment and try again.');
      });
      expect((await redis.keys(`${env.QUEUE_PREFIX}:rate*`)).length).toBeGreaterThan(0);
      process.env.RATE_LIMIT_PER_MINUTE = '2'; // a new limiter, pointed at a port nobody listens on
      process.env.REDIS_URL = 'redis://127.0.0.1:1';
      await as('rudi', async () => {
        for (let i = 0; i < 2; i++) expect((await count()).status).toBe(200);
        expect((await count()).status).toBe(429);
      });
    } finally {
      process.env.RATE_LIMIT_PER_MINUTE = '0';
      process.env.REDIS_URL = redisUrl;
    }
  });

  it('hands a job whose worker died to another worker; the request still succeeds', async () => {
    // Big enough to take a few seconds: the worker is killed while it runs.
    const up = await upload('image/compress', [{ name: 'noise.jpg', data: await noisePhoto() }]);
    expect(up.res.status).toBe(200);
    const pending = processStep('image/compress', { session_id: up.sessionId });
    expect(await activeRunner()).toBe(`${os.hostname()}-${worker!.pid}`);
    await new Promise((r) => setTimeout(r, 300)); // well inside the job, not at its first line
    await worker!.kill();
    spare = await startQueueWorker({ ...env, REDIS_URL: redisUrl, DATA_DIR: data.dir() });
    const pr = await pending;
    expect(pr.body).toMatchObject({ success: true });
    expect(pr.res.status).toBe(200);
    const dl = await download('image/compress', pr.body.file_id as string);
    expect(dl.res.status).toBe(200);
    expect((await sharp(dl.data).metadata()).width).toBe(3000);
    expect(spare.output()).not.toMatch(/failed/);
  }, 120_000);

  it('fails a job that killed two workers instead of looping', async () => {
    const up = await upload('image/compress', [{ name: 'poison.jpg', data: await noisePhoto() }]);
    const pending = processStep('image/compress', { session_id: up.sessionId });
    const first = await activeRunner();
    await spare!.kill();
    const second = await startQueueWorker({ ...env, REDIS_URL: redisUrl, DATA_DIR: data.dir() });
    expect(await activeRunner(first)).toBe(`${os.hostname()}-${second.pid}`);
    await second.kill();
    spare = await startQueueWorker({ ...env, REDIS_URL: redisUrl, DATA_DIR: data.dir() });
    const pr = await pending;
    expect(pr.res.status).toBe(500);
    expect(pr.body.success).toBe(false);
    // Nothing of it is left waiting or running: it is in the failed set, not put back in line.
    expect(await redis.llen(`${env.QUEUE_PREFIX}:document:active`)).toBe(0);
    expect(await redis.llen(`${env.QUEUE_PREFIX}:document:wait`)).toBe(0);
    expect(await redis.zcard(`${env.QUEUE_PREFIX}:document:failed`)).toBeGreaterThan(0);
  }, 120_000);
});
