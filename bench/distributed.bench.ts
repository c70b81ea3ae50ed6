// Issue 17: the distributed path against the single-machine one, same jobs, same run, on this machine.
// Local: one web instance (QUEUE=local, STORAGE=disk). Distributed: Redis, a single-node Ceph S3 gateway, two
// web instances and one worker (QUEUE=redis, STORAGE=s3); each job uploads through A, processes through A,
// downloads and cleans up through B. Figures: jobs per minute through the four steps (sequential and with
// four visitors at once), wall time per job, and CPU time per job of every OneDesk process (web instances,
// workers and their job runners; Redis and Ceph listed apart). Needs a production build (npm run build) and
// the Debian servers; otherwise one row says what is missing.
// Run: npm run bench distributed
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './types';
import { startCephWithRetry, startWeb, Visitor, type WebInstance } from '../tests/support/cluster';
import { queueEnv, startQueueWorker, type QueueWorker } from '../tests/support/queue-worker';
import { hasCeph, s3Env } from '../tests/support/services/ceph';
import { hasRedis, startRedis } from '../tests/support/services/redis';
import { loadFixture, type ToolFixture } from '../tests/support/tool-fixture';

const root = path.resolve(__dirname, '..');
const TICK = 100; // USER_HZ on Linux

/** CPU ms of a process and its live descendants (plus children it has reaped). */
function treeCpuMs(pid: number, depth = 0): number {
  let ms = 0;
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ms += ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / TICK;
  } catch {
    return 0;
  }
  if (depth > 3) return ms;
  for (const t of fs.readdirSync(`/proc/${pid}/task`, { withFileTypes: false }) as string[]) {
    const kids = fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim();
    for (const k of kids ? kids.split(/\s+/) : []) ms += treeCpuMs(Number(k), depth + 1);
  }
  return ms;
}

interface Job {
  api: string;
  fx: ToolFixture;
  merge: boolean;
}

async function oneJob(v: Visitor, job: Job, a: string, b: string): Promise<void> {
  const inputs = await job.fx.valid();
  const fields = job.fx.fields ?? {};
  const up = await v.upload(a, job.api, inputs, fields, job.merge);
  if (up.status !== 200) throw new Error(`${job.api} upload ${up.status} ${JSON.stringify(up.body)}`);
  const pr = await v.process(a, job.api, up.sessionId, fields);
  if (pr.status !== 200) throw new Error(`${job.api} process ${pr.status} ${JSON.stringify(pr.body)}`);
  const dl = await v.download(b, job.api, pr.body.file_id as string);
  if (dl.status !== 200) throw new Error(`${job.api} download ${dl.status}`);
  await job.fx.check(dl.data, inputs);
  const cl = await v.cleanup(b, job.api, up.sessionId);
  if (cl.status !== 200) throw new Error(`${job.api} cleanup ${cl.status}`);
}

interface Measure {
  jobs: number;
  wallMs: number;
  cpuMs: number;
  /** 1-minute load average at the end (the machine is shared: wall times move with it, CPU times less) */
  load: number;
}

async function measure(pids: () => number[], run: () => Promise<number>): Promise<Measure> {
  const cpu0 = pids().reduce((n, p) => n + treeCpuMs(p), 0);
  const t = performance.now();
  const jobs = await run();
  const wallMs = performance.now() - t;
  const cpuMs = pids().reduce((n, p) => n + treeCpuMs(p), 0) - cpu0;
  return { jobs, wallMs, cpuMs, load: os.loadavg()[0] };
}

/** Sequential jobs (one visitor), then `parallel` visitors at once, each doing the whole mix. */
async function scenario(mix: Job[], a: string, b: string, pids: () => number[], rounds: number, parallel: number) {
  let ip = 1;
  // Warm-up: every tool's runner (and module) loaded once, not counted.
  for (const job of mix) await oneJob(new Visitor(`10.9.0.${ip++}`), job, a, b);
  const seq = await measure(pids, async () => {
    const v = new Visitor(`10.9.0.${ip++}`);
    for (let r = 0; r < rounds; r++) for (const job of mix) await oneJob(v, job, a, b);
    return rounds * mix.length;
  });
  const par = await measure(pids, async () => {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        const v = new Visitor(`10.9.1.${ip++}`);
        for (const job of mix) await oneJob(v, job, a, b);
      }),
    );
    return parallel * mix.length;
  });
  return { seq, par };
}

const perJob = (m: Measure) => m.wallMs / m.jobs;
const perMin = (m: Measure) => (m.jobs / m.wallMs) * 60_000;

export default async function run(): Promise<BenchRow[]> {
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
  const missing = [
    !fs.existsSync(path.join(distDir, 'BUILD_ID')) && `a production build in ${path.basename(distDir)} (npm run build)`,
    !hasRedis && 'redis-server',
    !hasCeph && 'ceph-mon ceph-osd radosgw ceph-common',
  ].filter(Boolean);
  if (missing.length) return [{ tool: 'cluster', input: '(skipped)', note: `needs ${missing.join(', ')}` }];

  const mix: Job[] = [
    { api: 'pdf/lock', fx: loadFixture('pdf-lock')!, merge: false },
    { api: 'pdf/merge', fx: loadFixture('pdf-merge')!, merge: true },
    { api: 'image/compress', fx: loadFixture('image-compress')!, merge: false },
  ];
  const ROUNDS = 3;
  const PARALLEL = 4;
  const dirs: string[] = [];
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));
    dirs.push(d);
    return d;
  };
  const limits = { RATE_LIMIT_PER_MINUTE: '0', MAX_JOBS_PER_CLIENT: '0' };
  const rows: BenchRow[] = [];
  const note = (m: Measure, extra = '') =>
    `${perMin(m).toFixed(1)} jobs/min, CPU ${(m.cpuMs / m.jobs).toFixed(0)} ms/job${extra}, load ${m.load.toFixed(1)}`;
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(0)}`;
  const cpuPerJob = (m: Measure) => m.cpuMs / m.jobs;

  // Local: one instance, today's default.
  const local = await startWeb({ ...limits, DATA_DIR: dataDir() });
  let localRes;
  try {
    localRes = await scenario(mix, local.url, local.url, () => [local.proc.pid!], ROUNDS, PARALLEL);
  } finally {
    await local.stop();
  }

  // Distributed: Redis + Ceph + A + B + one worker.
  const [redis, gw] = await Promise.all([startRedis(), startCephWithRetry()]);
  const web: WebInstance[] = [];
  let worker: QueueWorker | null = null;
  let distRes;
  try {
    const env = { ...queueEnv(redis.url), ...s3Env(gw, 'onedesk-bench'), ...limits };
    web.push(
      ...(await Promise.all([startWeb({ ...env, DATA_DIR: dataDir() }), startWeb({ ...env, DATA_DIR: dataDir() })])),
    );
    worker = await startQueueWorker({ ...env, DATA_DIR: dataDir() }, 60_000);
    const w = worker;
    const services = () => [redis.pid, ...gw.pids];
    const ours = () => [...web.map((x) => x.proc.pid!), w.pid];
    const svc0 = services().reduce((n, p) => n + treeCpuMs(p), 0);
    distRes = await scenario(mix, web[0].url, web[1].url, ours, ROUNDS, PARALLEL);
    const svcMs = services().reduce((n, p) => n + treeCpuMs(p), 0) - svc0;
    const jobs = distRes.seq.jobs + distRes.par.jobs + mix.length;
    rows.push({
      tool: 'cluster/services',
      input: 'Redis + Ceph (mon, osd, rgw)',
      ms: svcMs / jobs,
      note: `CPU per job of the Debian servers over the whole distributed run (${jobs} jobs)`,
    });
  } finally {
    await worker?.stop();
    await Promise.all(web.map((x) => x.stop()));
    await Promise.all([redis.stop(), gw.stop()]);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }

  const mixName = `lock + merge + compress, x${ROUNDS}`;
  rows.unshift(
    { tool: 'cluster/local sequential', input: mixName, ms: perJob(localRes.seq), note: note(localRes.seq) },
    {
      tool: 'cluster/s3+redis sequential',
      input: `${mixName}, A->B`,
      ms: perJob(distRes.seq),
      note: note(
        distRes.seq,
        `; wall ${signed(perJob(distRes.seq) - perJob(localRes.seq))} ms/job, CPU ${signed(cpuPerJob(distRes.seq) - cpuPerJob(localRes.seq))} ms/job vs local`,
      ),
    },
    {
      tool: `cluster/local ${PARALLEL} visitors`,
      input: 'lock + merge + compress each',
      ms: perJob(localRes.par),
      note: note(localRes.par),
    },
    {
      tool: `cluster/s3+redis ${PARALLEL} visitors`,
      input: '2 web + 1 worker, A->B',
      ms: perJob(distRes.par),
      note: note(
        distRes.par,
        `; x${(perMin(distRes.par) / perMin(localRes.par)).toFixed(2)} the local rate, CPU ${signed(cpuPerJob(distRes.par) - cpuPerJob(localRes.par))} ms/job vs local`,
      ),
    },
  );
  return rows;
}
