import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerPool, type PoolOptions } from './worker-pool';
import { AppError } from '@/lib/core/errors';

// A stand-in for the bundled processor worker that obeys the same protocol and misbehaves on request.
const WORKER = `
import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', async (req) => {
  const reply = (r) => parentPort.postMessage({ id: req.id, ...r });
  switch (req.api) {
    case 'echo': return reply({ ok: true, output: { path: req.workDir + '/out', notice: String(threadId) } });
    case 'spin': { const end = Date.now() + 60000; while (Date.now() < end); return; }
    case 'expected': return reply({ ok: false, error: { code: 'UNPROCESSABLE', message: 'bad file', expected: true } });
    case 'throw': throw new Error('boom');
    case 'oom': { const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random())); }
  }
});
`;

let dir: string;
let pool: WorkerPool | null = null;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pool-test-'));
  fs.writeFileSync(path.join(dir, 'w.mjs'), WORKER);
});
afterEach(async () => {
  await pool?.close();
  pool = null;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const make = (o: Partial<PoolOptions> = {}) =>
  (pool = new WorkerPool({ size: 1, queueMax: 10, timeoutMs: 5000, memoryMb: 64, maxJobsPerClient: 0, workerPath: path.join(dir, 'w.mjs'), ...o }));
const job = (api: string) => ({ api, inputs: [], options: {}, workDir: '/work' });

describe('WorkerPool', () => {
  it('runs jobs in a worker thread and reuses it', async () => {
    const p = make();
    const a = await p.run(job('echo'));
    const b = await p.run(job('echo'));
    expect(a.path).toBe('/work/out');
    expect(p.stats().workers).toBe(1);
    expect(b.notice).toBe(a.notice); // the same thread
  });

  it('stops a job past its time limit with a clear 504 and keeps serving', async () => {
    const p = make({ timeoutMs: 30_000 });
    const started = Date.now();
    const err = await p.run(job('spin'), 'a', 300).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(p.run(job('echo'))).resolves.toMatchObject({ path: '/work/out' });
  });

  it('passes a processor\'s AppError through, and turns a crash into a plain error', async () => {
    const p = make();
    await expect(p.run(job('expected'))).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: 'bad file' });
    const crash = await p.run(job('throw')).catch((e) => e);
    expect(crash).not.toBeInstanceOf(AppError);
    await expect(p.run(job('echo'))).resolves.toBeTruthy();
  });

  it('survives a job that runs out of memory', async () => {
    const p = make({ memoryMb: 32, timeoutMs: 30_000 });
    const err = await p.run(job('oom')).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.message).toMatch(/more memory/);
    await expect(p.run(job('echo'))).resolves.toBeTruthy();
  });

  it('keeps a tool under its limit while other tools pass, and reuses the worker that has it warm', async () => {
    const p = make({ size: 2, timeoutMs: 30_000, perToolLimit: { spin: 1 } });
    const first = p.run(job('spin'), 'a', 500).catch((e) => e);
    const second = p.run(job('spin'), 'b', 500).catch((e) => e); // must wait for the first
    const started = Date.now();
    await expect(p.run(job('echo'), 'c')).resolves.toBeTruthy(); // not stuck behind the second spin
    expect(Date.now() - started).toBeLessThan(450);
    expect((await first).code).toBe('TIMEOUT');
    expect((await second).code).toBe('TIMEOUT');
    // The spinning workers were stopped; echo jobs keep going to the one thread that has run echo.
    const warm = await p.run(job('echo'));
    for (let i = 0; i < 3; i++) expect((await p.run(job('echo'))).notice).toBe(warm.notice);
  });

  it('replaces a worker after its job budget', async () => {
    const p = make({ maxJobsPerWorker: 2 });
    const pids = [];
    for (let i = 0; i < 4; i++) pids.push((await p.run(job('echo'))).notice);
    expect(pids[0]).toBe(pids[1]);
    expect(pids[2]).toBe(pids[3]);
    expect(pids[2]).not.toBe(pids[1]);
    expect(p.stats().workers).toBeLessThanOrEqual(1);
  });

  it('caps the queue (503) and the jobs of one client (429)', async () => {
    const p = make({ queueMax: 1, maxJobsPerClient: 2, timeoutMs: 30_000 });
    const running = p.run(job('spin'), 'a', 400).catch((e) => e); // occupies the only worker
    const queued = p.run(job('echo'), 'b');
    const over = await p.run(job('echo'), 'c').catch((e) => e);
    expect(over.code).toBe('UNAVAILABLE');
    const second = p.run(job('echo'), 'a');
    const third = await p.run(job('echo'), 'a').catch((e) => e);
    expect(third.code).toBe('UNAVAILABLE'); // queue still full
    expect((await running).code).toBe('TIMEOUT');
    await queued;
    await second.catch(() => undefined);
    const p2 = make({ maxJobsPerClient: 1, timeoutMs: 30_000 });
    const first = p2.run(job('spin'), 'x', 400).catch((e) => e);
    const capped = await p2.run(job('echo'), 'x').catch((e) => e);
    expect(capped.code).toBe('RATE_LIMITED');
    expect(capped.retryAfterSeconds).toBeGreaterThan(0);
    await first;
    await p2.close();
  });
});
