// The SessionStore contract against both backends: disk always, s3 against a real single-node Ceph gateway
// and redis-server (skipped visibly where the Debian packages are absent), plus the four API steps in s3 mode.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { storeContract } from '@/tests/support/store-contract';
import { describeWithServices, s3Env, startCephAndRedis, type CephGateway } from '@/tests/support/services/ceph';
import type { RedisServer } from '@/tests/support/services/redis';
import { as, call, cleanup, download, newSessionId, processStep, upload, useTestDataDir } from '@/tests/support/api';
import { ownerHash } from '../owner';
import { sampleFile } from '@/tests/support/sample-files';
import { closeSharedRedis } from '../redis';
import { executeFileJob } from '../queue/execute';
import { measureStorage, resetStorage, storageUsed } from '../storage';
import { sessionStore } from '.';
import { DiskStore } from './disk';
import { S3Store } from './s3';
import { settleShared } from './s3-records';
import { processScratchRoot } from './scratch';

describe('session store contract: disk', () => {
  const data = useTestDataDir({ SESSION_TTL_MINUTES: '60' });
  storeContract({
    store: () => sessionStore(),
    tmp: () => data.dir(),
    leftovers: async (id) => {
      const dir = path.join(data.dir(), 'sessions', id);
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    },
  });
  it('is the disk backend by default', () => expect(sessionStore().kind).toBe('disk'));

  it('a lease is seen by another process sharing the disk (its sweep leaves the session alone)', async () => {
    const id = newSessionId();
    const owner = { token: 't', fresh: false };
    await sessionStore().claimSession(id, owner);
    await sessionStore().saveSession({
      id,
      tool: 'pdf/merge',
      createdAt: 0,
      owner: ownerHash('t'),
      inputs: [],
      outputs: [],
    });
    const token = await sessionStore().acquireLease(id, 2 * 60 * 60_000);
    const worker = new DiskStore(); // as a worker process would have it
    await worker.sweepOnce(Date.now() + 61 * 60_000);
    expect(await worker.readSession(id)).not.toBeNull();
    await sessionStore().releaseLease(id, token);
    await worker.sweepOnce(Date.now() + 61 * 60_000);
    expect(await worker.readSession(id)).toBeNull();
  });
});

describeWithServices(['redis', 'ceph'], 'session store contract: s3 (Ceph gateway + Redis)', () => {
  let gw: CephGateway;
  let redisServer: RedisServer;
  let probe: Redis;
  const bucket = `onedesk-test-${Date.now()}`;
  const data = useTestDataDir({ SESSION_TTL_MINUTES: '60', STORAGE: 's3' });

  beforeAll(async () => {
    [gw, redisServer] = await startCephAndRedis();
    console.info(`[services] Ceph gateway answered S3 after ${gw.startSeconds.toFixed(1)} s`);
    Object.assign(process.env, s3Env(gw, bucket), { REDIS_URL: redisServer.url });
    probe = new Redis(redisServer.url, { disconnectTimeout: 100 });
    resetStorage();
  }, 180_000);
  afterAll(async () => {
    probe?.disconnect();
    await closeSharedRedis();
    for (const k of ['STORAGE', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      delete process.env[k];
    delete process.env.S3_FORCE_PATH_STYLE;
    delete process.env.REDIS_URL;
    resetStorage();
    await Promise.all([gw?.stop(), redisServer?.stop()]);
  }, 30_000);

  const store = () => sessionStore() as S3Store;
  const objectsOf = (id: string) => store().objects.list(`sessions/${id}/`);
  const recordsOf = async (id: string) =>
    (await probe.keys('od:*')).filter((k) => k.includes(id) || k.startsWith('od:file:'));

  storeContract({
    store,
    tmp: () => data.dir(),
    leftovers: async (id) => [...(await objectsOf(id)), ...(await recordsOf(id))],
  });

  it('is the s3 backend, and the bucket has its lifecycle backstop', async () => {
    expect(store().kind).toBe('s3');
    await store().objects.ensureBucket();
    const { GetBucketLifecycleConfigurationCommand } = await import('@aws-sdk/client-s3');
    const rules = await store().objects.client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }));
    expect(rules.Rules?.[0]).toMatchObject({ Status: 'Enabled', Expiration: { Days: 2 } });
  });

  it('runs the four steps through object storage: another instance serves them, another visitor gets 404', async () => {
    const jpeg = await sampleFile('jpeg');
    const up = await upload('image/jpg_to_png', [jpeg]);
    expect(up.res.status).toBe(200);
    expect(await objectsOf(up.sessionId)).toEqual([`sessions/${up.sessionId}/in/0`]);
    // Nothing of the upload stays in this process's scratch.
    expect(fs.readdirSync(path.join(processScratchRoot(), 'staging'))).toEqual([]);
    const pr = await processStep('image/jpg_to_png', { session_id: up.sessionId });
    expect(pr.res.status).toBe(200);
    const fileId = pr.body.file_id as string;
    // A second instance (its own store objects and clients) finds the result by file id alone.
    const other = new S3Store();
    expect((await other.readSession(up.sessionId))?.outputs.map((o) => o.fileId)).toEqual([fileId]);
    expect(await other.findOutput(fileId, 'image/jpg_to_png', { token: 'someone-else', fresh: false })).toBeNull();
    const dl = await download('image/jpg_to_png', fileId);
    expect(dl.res.status).toBe(200);
    expect(dl.res.headers.get('content-type')).toBe('image/png');
    expect(dl.res.headers.get('content-length')).toBe(String(dl.data.length));
    expect(dl.res.headers.get('cache-control')).toBe('no-store');
    expect(dl.data.subarray(1, 4).toString()).toBe('PNG');
    const sharp = (await import('sharp')).default;
    expect((await sharp(dl.data).metadata()).format).toBe('png');
    await as('mallory', async () => {
      expect((await download('image/jpg_to_png', fileId)).res.status).toBe(404);
      expect((await processStep('image/jpg_to_png', { session_id: up.sessionId })).res.status).toBe(404);
      expect((await cleanup('image/jpg_to_png', up.sessionId)).body).toMatchObject({ deleted: false });
    });
    // The shared ledger counts the session's bytes (input + result) for every instance.
    await measureStorage(0);
    expect(Number(await probe.get('od:used'))).toBe(jpeg.data.length + dl.data.length);
    expect(storageUsed()).toBeGreaterThanOrEqual(jpeg.data.length + dl.data.length);
    expect((await cleanup('image/jpg_to_png', up.sessionId)).body).toMatchObject({ deleted: true });
    expect(await objectsOf(up.sessionId)).toEqual([]);
    expect(await recordsOf(up.sessionId)).toEqual([]);
    await measureStorage(0);
    expect(Number(await probe.get('od:used'))).toBe(0);
    expect(await probe.hlen('od:cused')).toBe(0);
    // The job's local copies are gone too.
    expect(fs.readdirSync(processScratchRoot()).filter((d) => d.startsWith('job-'))).toEqual([]);
  });

  it('shares the storage budget: bytes stored or reserved by another instance count here', async () => {
    const saved = process.env.DISK_BUDGET_MB;
    process.env.DISK_BUDGET_MB = '1';
    const jpeg = await sampleFile('jpeg');
    // What another instance holds: all of the 1 MB budget but half this upload.
    const held = 1024 * 1024 - Math.floor(jpeg.data.length / 2);
    try {
      // Another instance stored that much: this upload no longer fits in the 1 MB budget.
      await settleShared('1700000000000other', '10.9.9.9', held);
      await measureStorage(0);
      expect((await upload('image/jpg_to_png', [jpeg])).res.status).toBe(507);
      await settleShared('1700000000000other', '', -1);
      await measureStorage(0);
      const ok = await upload('image/jpg_to_png', [jpeg]);
      expect(ok.res.status).toBe(200);
      await cleanup('image/jpg_to_png', ok.sessionId);
      // Another live instance has as much in flight (uploads arriving): the same.
      await probe.hset('od:reserved', 'other-instance', `${held}|${Date.now() + 10_000}`);
      await measureStorage(0);
      expect((await upload('image/jpg_to_png', [jpeg])).res.status).toBe(507);
      // Its entry runs out when it stops refreshing it (it crashed): room again.
      await probe.hset('od:reserved', 'other-instance', `${held}|${Date.now() - 1}`);
      await measureStorage(0);
      const again = await upload('image/jpg_to_png', [jpeg]);
      expect(again.res.status).toBe(200);
      await cleanup('image/jpg_to_png', again.sessionId);
      expect(await probe.hexists('od:reserved', 'other-instance')).toBe(0);
    } finally {
      process.env.DISK_BUDGET_MB = saved;
      if (saved === undefined) delete process.env.DISK_BUDGET_MB;
    }
  });

  it('refuses a result past the budget on a worker before storing it: no object, no index, no ledger entry', async () => {
    const saved = { budget: process.env.DISK_BUDGET_MB, share: process.env.CLIENT_DISK_SHARE_PERCENT };
    Object.assign(process.env, { DISK_BUDGET_MB: '1', CLIENT_DISK_SHARE_PERCENT: '100' });
    // Noise: ~0.5 MB as JPEG, ~1.5 MB as PNG, so the input fits the 1 MB budget and the result does not.
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    try {
      const up = await upload('image/jpg_to_png', [{ name: 'noise.jpg', data: jpeg }]);
      expect(up.res.status).toBe(200);
      const entry = `${jpeg.length}|${(await probe.hget('od:sbytes', up.sessionId))?.split('|')[1]}`;
      const client = entry.split('|')[1];
      // What the worker runs for a queued job (worker-main.ts): no web-side hook, the web half paid the input's size.
      const job = { sessionId: up.sessionId, tool: 'image/jpg_to_png', options: {}, client };
      const refused = await executeFileJob({ ...job, paidBytes: jpeg.length }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
      expect(await objectsOf(up.sessionId)).toEqual([`sessions/${up.sessionId}/in/0`]);
      expect(await probe.keys('od:file:*')).toEqual([]);
      expect((await store().readSession(up.sessionId))?.outputs).toEqual([]);
      expect(await probe.hget('od:sbytes', up.sessionId)).toBe(entry);
      expect(Number(await probe.get('od:used'))).toBe(jpeg.length);
      expect(fs.readdirSync(processScratchRoot()).filter((d) => d.startsWith('job-'))).toEqual([]);
      // The same job with room for it: stored (the refusal above was the budget, not the tool).
      process.env.DISK_BUDGET_MB = '4';
      const stored = await executeFileJob({ ...job, paidBytes: jpeg.length });
      expect(stored.size).toBeGreaterThan(1024 * 1024 - jpeg.length);
      expect(await objectsOf(up.sessionId)).toContain(`sessions/${up.sessionId}/out/${stored.fileId}`);
      await store().deleteSession(up.sessionId);
    } finally {
      for (const [k, v] of [
        ['DISK_BUDGET_MB', saved.budget],
        ['CLIENT_DISK_SHARE_PERCENT', saved.share],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it('serves a QR code from object storage', async () => {
    const res = await call('POST', '/api/qr/generate/process/', { body: JSON.stringify({ content: 'hello s3' }) });
    expect(res.status).toBe(200);
    const fileId = (await res.json()).file_id as string;
    const dl = await call('GET', `/api/qr/generate/download/${fileId}/`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await dl.arrayBuffer());
    const sharp = (await import('sharp')).default;
    expect((await sharp(png).metadata()).format).toBe('png');
    const ref = JSON.parse((await probe.get(`od:file:${fileId}`))!) as { sessionId: string };
    expect(await objectsOf(ref.sessionId)).toEqual([`sessions/${ref.sessionId}/out/${fileId}`]);
    await store().deleteSession(ref.sessionId);
  });

  it('stores a file past the single-PUT size in parts, byte for byte', async () => {
    const big = path.join(data.dir(), 'big.bin');
    const bytes = randomBytes(65 * 1024 * 1024 + 123);
    fs.writeFileSync(big, bytes);
    await store().objects.putFile('sessions/1700000000000bigfile/in/0', big);
    const local = path.join(data.dir(), 'big-back.bin');
    expect(await store().objects.download('sessions/1700000000000bigfile/in/0', local)).toBe(true);
    const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(digest(fs.readFileSync(local))).toBe(digest(bytes));
    expect(await store().objects.deletePrefix('sessions/1700000000000bigfile/')).toBe(1);
  }, 120_000);

  it('refuses a bad upload before anything is stored', async () => {
    const up = await upload('image/jpg_to_png', [{ name: 'x.jpg', data: Buffer.from('not a jpeg at all') }]);
    expect(up.res.status).toBe(415);
    expect(await objectsOf(up.sessionId)).toEqual([]);
    expect(await probe.exists(`od:session:${up.sessionId}`)).toBe(0);
  });

  it('at start-up removes scratch of this host whose process is gone, never a live one', async () => {
    const base = path.dirname(processScratchRoot());
    const host = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
    const dead = path.join(base, `${host}-999999999-1`);
    const live = path.join(base, `${host}-${process.ppid}-1`);
    const otherHost = path.join(base, `elsewhere-999999999-1`);
    for (const d of [dead, live, otherHost]) fs.mkdirSync(path.join(d, 'staging'), { recursive: true });
    const report = await store().sweepOnce(Date.now(), true);
    expect(report.scratch).toBe(1);
    expect([fs.existsSync(dead), fs.existsSync(live), fs.existsSync(otherHost)]).toEqual([false, true, true]);
    expect(fs.existsSync(processScratchRoot())).toBe(true);
  });

  // Last: it stops Redis.
  it('answers 503 with Retry-After, not 500, while Redis is down', async () => {
    await redisServer.stop();
    const up = await upload('image/jpg_to_png', [await sampleFile('jpeg')]);
    expect(up.res.status).toBe(503);
    expect(up.res.headers.get('retry-after')).toBe('30');
    expect(up.body).toMatchObject({
      success: false,
      error: 'Storage is temporarily unavailable. Please try again in a minute.',
    });
    const dl = await download('image/jpg_to_png', '0'.repeat(32));
    expect(dl.res.status).toBe(503);
  });
});
