// Issue 17's integration test: Redis and a single-node Ceph S3 gateway (Debian servers on loopback ports),
// two web instances (the production server, A and B) and job workers (`npm run worker`), each process with
// its own DATA_DIR so nothing is shared but Redis and the bucket. Skips visibly where the servers are absent.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { hasCeph, s3Env, type CephGateway } from '../tests/support/services/ceph';
import { hasRedis, startRedis, type RedisServer } from '../tests/support/services/redis';
import { startCephWithRetry, startWeb, Visitor, type WebInstance } from '../tests/support/cluster';
import { queueEnv, startQueueWorker, type QueueWorker } from '../tests/support/queue-worker';
import { loadFixture } from '../tests/support/tool-fixture';

const missing = [!hasRedis && 'redis-server', !hasCeph && 'ceph-mon ceph-osd radosgw ceph-common'].filter(Boolean);
if (missing.length) console.warn(`[distributed] SKIPPED: Debian packages absent: ${missing.join(', ')}`);

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.skip(missing.length > 0, `needs the Debian packages ${missing.join(', ')}`);

const BUCKET = 'onedesk-it';
let redisServer: RedisServer;
let gw: CephGateway;
let redis: Redis;
let s3: S3Client;
let A: WebInstance;
let B: WebInstance;
const workers: QueueWorker[] = [];
const dirs: string[] = [];
let env: Record<string, string>;

const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'onedesk-it-'));
  dirs.push(d);
  return d;
};
const startWorker = (extra: Record<string, string> = {}) =>
  startQueueWorker({ ...env, DATA_DIR: dataDir(), ...extra }, 60_000).then((w) => (workers.push(w), w));

async function objects(prefix = 'sessions/'): Promise<string[]> {
  const res = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}
/** A download's headers through the production server, the same in both modes. Next 16.4 drops a route
 * handler's Content-Length (next/dist/server/send-response.js, FORBIDDEN_HEADERS); server.mjs restores it from
 * the stored size (server-length.mjs), and the internal header that carries it never reaches the visitor. */
function expectDownloadHeaders(dl: { headers: Headers; data: Buffer }): void {
  expect(dl.headers.get('content-disposition')).toMatch(/^attachment;/);
  expect(dl.headers.get('cache-control')).toBe('no-store');
  expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Number(dl.headers.get('content-length'))).toBe(dl.data.length);
  expect(dl.headers.get('transfer-encoding')).toBeNull();
  expect(dl.headers.get('x-onedesk-stored-length')).toBeNull();
  expect(dl.data.length).toBeGreaterThan(0);
}

/** Every Redis key that names the session, the store's and the queue's. */
const sessionKeys = async (id: string) => (await redis.keys('*')).filter((k) => k.includes(id));

test.beforeAll(async () => {
  test.setTimeout(420_000);
  [redisServer, gw] = await Promise.all([startRedis(), startCephWithRetry()]);
  redis = new Redis(redisServer.url);
  s3 = new S3Client({
    endpoint: gw.endpoint,
    region: gw.region,
    forcePathStyle: true,
    credentials: { accessKeyId: gw.accessKeyId, secretAccessKey: gw.secretAccessKey },
  });
  env = {
    ...queueEnv(redisServer.url, { QUEUE_LOCK_SECONDS: '3', SWEEP_INTERVAL_SECONDS: '2' }),
    ...s3Env(gw, BUCKET),
    RATE_LIMIT_PER_MINUTE: '30',
    MAX_JOBS_PER_CLIENT: '1',
  };
  [A, B] = await Promise.all([startWeb({ ...env, DATA_DIR: dataDir() }), startWeb({ ...env, DATA_DIR: dataDir() })]);
  await startWorker();
});

test.afterAll(async () => {
  // Each process's output, for a failure's post-mortem.
  const logs = path.resolve(__dirname, '..', 'test-results', 'distributed');
  fs.mkdirSync(logs, { recursive: true });
  for (const [name, out] of [
    ['web-A', A?.output()],
    ['web-B', B?.output()],
    ...workers.map((w) => [`worker-${w.pid}`, w.output()]),
  ])
    if (out) fs.writeFileSync(path.join(logs, `${name}.log`), out);
  for (const w of workers) await w.stop().catch(() => undefined);
  await Promise.all([A?.stop(), B?.stop()]);
  redis?.disconnect();
  s3?.destroy();
  await Promise.all([redisServer?.stop(), gw?.stop()]);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

test('upload through A, process, download through B; a stranger gets 404; cleanup through B leaves nothing', async () => {
  const alice = new Visitor('10.1.0.1');
  const mallory = new Visitor('10.1.0.2');
  for (const [api, slug, merge] of [
    ['pdf/lock', 'pdf-lock', false],
    ['pdf/merge', 'pdf-merge', true],
    ['image/compress', 'image-compress', false],
    ['image/remove_background', 'image-remove-background', false], // the model queue
  ] as const) {
    const fx = loadFixture(slug)!;
    const inputs = await fx.valid();
    const fields = fx.fields ?? {};
    const up = await alice.upload(A.url, api, inputs, fields, merge);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const pr = await alice.process(A.url, api, up.sessionId, fields);
    expect(pr.status, JSON.stringify(pr.body)).toBe(200);
    const fileId = pr.body.file_id as string;
    const dl = await alice.download(B.url, api, fileId);
    expect(dl.status).toBe(200);
    expectDownloadHeaders(dl);
    await fx.check(dl.data, inputs);
    expect((await objects(`sessions/${up.sessionId}`)).length).toBeGreaterThan(0);

    expect((await mallory.download(B.url, api, fileId)).status).toBe(404);
    expect((await mallory.process(B.url, api, up.sessionId, fields)).status).toBe(404);
    expect((await mallory.cleanup(B.url, api, up.sessionId)).body).toMatchObject({ deleted: false });

    const cl = await alice.cleanup(B.url, api, up.sessionId);
    expect(cl.body).toMatchObject({ success: true, deleted: true });
    expect(await objects(`sessions/${up.sessionId}`)).toEqual([]);
    expect(await sessionKeys(up.sessionId)).toEqual([]);
    expect((await alice.download(A.url, api, fileId)).status).toBe(404);
  }
});

test('the single-machine default (disk, in-process queue) sends a download with the same headers', async ({
  baseURL,
}) => {
  // Playwright's own server (playwright.config.ts): STORAGE=disk, QUEUE=local, the same production build.
  const gina = new Visitor('10.1.0.8');
  const fx = loadFixture('image-compress')!;
  const inputs = await fx.valid();
  const up = await gina.upload(baseURL!, 'image/compress', inputs);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const pr = await gina.process(baseURL!, 'image/compress', up.sessionId);
  expect(pr.status, JSON.stringify(pr.body)).toBe(200);
  const dl = await gina.download(baseURL!, 'image/compress', pr.body.file_id as string);
  expect(dl.status).toBe(200);
  expectDownloadHeaders(dl);
  await fx.check(dl.data, inputs);
  expect((await gina.cleanup(baseURL!, 'image/compress', up.sessionId)).body).toMatchObject({ deleted: true });
});

test('the rate limit and the per-client job cap hold across A and B', async () => {
  const carol = new Visitor('10.1.0.3');
  const count = (base: string) => carol.call(base, 'POST', '/api/text/count/', '{"text":"hi"}', true);
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await count(i % 2 ? B.url : A.url)).status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect((await count(A.url)).status).toBe(429);
  expect((await count(B.url)).status).toBe(429);
  expect((await new Visitor('10.1.0.4').call(B.url, 'POST', '/api/text/count/', '{"text":"hi"}', true)).status).toBe(
    200,
  );

  // MAX_JOBS_PER_CLIENT=1: dave's second job, sent to the other instance while the first runs, is refused.
  const dave = new Visitor('10.1.0.5');
  const fx = loadFixture('image-compress')!;
  const a = await dave.upload(A.url, 'image/compress', await fx.valid());
  const b = await dave.upload(B.url, 'image/compress', await fx.valid());
  const [ra, rb] = await Promise.all([
    dave.process(A.url, 'image/compress', a.sessionId),
    dave.process(B.url, 'image/compress', b.sessionId),
  ]);
  expect([ra.status, rb.status].sort()).toEqual([200, 429]);
  expect((await dave.process(B.url, 'image/compress', b.sessionId)).status).toBe(200);
  await dave.cleanup(A.url, 'image/compress', a.sessionId);
  await dave.cleanup(B.url, 'image/compress', b.sessionId);
});

test('a worker killed mid-job is replaced by another and the visitor still gets the result', async () => {
  await startWorker(); // a second worker: whichever takes the job is killed, the other finishes it
  const erin = new Visitor('10.1.0.6');
  // A 6 MP noise photo takes seconds to compress: long enough to kill its worker in the middle.
  const api = 'image/compress';
  const noise = await sharp(randomBytes(3000 * 2000 * 3), { raw: { width: 3000, height: 2000, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const up = await erin.upload(A.url, api, [{ name: 'noise.jpg', data: noise }]);
  expect(up.status).toBe(200);
  const pending = erin.process(A.url, api, up.sessionId);
  // The job's record names the worker running it ("pb": host-pid).
  let runner = '';
  for (let i = 0; i < 400 && !runner; i++) {
    for (const id of await redis.lrange(`${env.QUEUE_PREFIX}:document:active`, 0, -1))
      runner ||= (await redis.hget(`${env.QUEUE_PREFIX}:document:${id}`, 'pb')) ?? '';
    if (!runner) await new Promise((r) => setTimeout(r, 25));
  }
  const victim = workers.find((w) => runner.endsWith(`-${w.pid}`));
  expect(victim, `job taken by ${runner}`).toBeTruthy();
  await victim!.kill();
  const pr = await pending;
  expect(pr.status, JSON.stringify(pr.body)).toBe(200);
  const dl = await erin.download(B.url, api, pr.body.file_id as string);
  expect(dl.status).toBe(200);
  expect(await sharp(dl.data).metadata()).toMatchObject({ format: 'jpeg', width: 3000, height: 2000 });
  await erin.cleanup(B.url, api, up.sessionId);
});

test('a result past the budget is refused on the worker before it is stored: nothing of it is left', async () => {
  // Only a worker with a 1 MB budget remains (the web instances keep the default, so the upload passes).
  for (const w of workers.splice(0)) await w.stop();
  await startWorker({ DISK_BUDGET_MB: '1', CLIENT_DISK_SHARE_PERCENT: '100' });
  const hana = new Visitor('10.1.0.9');
  // Noise: ~0.5 MB as JPEG, ~1.5 MB as PNG.
  const jpeg = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const up = await hana.upload(A.url, 'image/jpg_to_png', [{ name: 'noise.jpg', data: jpeg }]);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const pr = await hana.process(A.url, 'image/jpg_to_png', up.sessionId);
  expect(pr.status).toBe(507);
  expect(pr.body).toMatchObject({
    success: false,
    error: 'The server is out of storage space right now. Please try again in a few minutes.',
  });
  expect(await objects(`sessions/${up.sessionId}`)).toEqual([`sessions/${up.sessionId}/in/0`]);
  expect(await redis.keys('od:file:*')).toEqual([]);
  expect(JSON.parse((await redis.get(`od:session:${up.sessionId}`))!).outputs).toEqual([]);
  expect((await redis.hget('od:sbytes', up.sessionId))?.split('|')[0]).toBe(String(jpeg.length));
  expect((await hana.cleanup(B.url, 'image/jpg_to_png', up.sessionId)).body).toMatchObject({ deleted: true });
});

test('the cluster sweeper removes an abandoned session (objects and Redis keys)', async () => {
  const frank = new Visitor('10.1.0.7');
  const fx = loadFixture('image-compress')!;
  const up = await frank.upload(B.url, 'image/compress', await fx.valid());
  expect(up.status).toBe(200);
  expect((await objects(`sessions/${up.sessionId}`)).length).toBeGreaterThan(0);
  // The sweep runs on whichever worker takes the tick: only workers whose sessions expire after 1.2 s remain.
  for (const w of workers.splice(0)) await w.stop();
  await startWorker({ SESSION_TTL_MINUTES: '0.02' });
  await expect
    .poll(async () => (await objects(`sessions/${up.sessionId}`)).length + (await sessionKeys(up.sessionId)).length, {
      timeout: 30_000,
    })
    .toBe(0);
  expect((await frank.process(A.url, 'image/compress', up.sessionId)).status).toBe(404);
});
