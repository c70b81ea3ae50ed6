// The storage part of a job's distributed path (issue 17), per job and in the same run: store the upload,
// materialise it for the job, store the result, stream the download, delete the session, through
//   - the disk store (STORAGE=disk, today's single-machine path),
//   - the s3 store against a real single-node Ceph gateway + redis-server (STORAGE=s3),
//   - the library API floor: the same bytes through bare @aws-sdk/client-s3 calls (2 puts, 2 gets, 1 delete).
// Wall time is the median of 5 jobs; CPU is this process's (the servers' own CPU is not counted).
// Run: npm run bench session-store
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BenchRow } from './types';
import { hasCeph, s3Env, startCephAndRedis } from '../tests/support/services/ceph';
import { hasRedis } from '../tests/support/services/redis';
import { sessionStore } from '../lib/jobs/store';
import { ownerHash } from '../lib/jobs/owner';
import { closeSharedRedis } from '../lib/jobs/redis';

const RUNS = 5;
const owner = { token: 'bench', fresh: false };

async function drain(s: NodeJS.ReadableStream | null): Promise<number> {
  let n = 0;
  for await (const c of s ?? []) n += (c as Buffer).length;
  return n;
}

/** One job's storage steps through sessionStore(); returns [wall ms, cpu ms]. */
async function storeJob(dir: string, data: Buffer, i: number): Promise<[number, number]> {
  const store = sessionStore();
  const staged = path.join(dir, `in-${i}`);
  const result = path.join(dir, `out-${i}`);
  fs.writeFileSync(staged, data);
  fs.writeFileSync(result, data);
  const id = `${Date.now()}bench${i}`;
  const cpu = process.cpuUsage();
  const t = performance.now();
  await store.claimSession(id, owner);
  const inputs = [{ file: '0', name: 'x.bin', size: data.length, kind: 'pdf' as const }];
  await store.replaceInputs(id, inputs, [staged]);
  const meta = { id, tool: 'pdf/compress', createdAt: Date.now(), owner: ownerHash(owner.token), inputs, outputs: [] };
  await store.saveSession(meta);
  const work = await store.scratchDir(id, 'job');
  await store.materializeInputs(meta, work);
  const out = await store.storeOutput(meta, result, { tool: 'pdf/compress', name: 'x.pdf', mime: 'application/pdf' });
  const found = await store.findOutput(out.fileId, 'pdf/compress', owner);
  if ((await drain(await found!.open())) !== data.length) throw new Error('download size differs');
  await store.deleteSession(id, owner);
  const ms = performance.now() - t;
  const c = process.cpuUsage(cpu);
  fs.rmSync(work, { recursive: true, force: true });
  return [ms, (c.user + c.system) / 1000];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(dir: string, data: Buffer): Promise<{ ms: number; cpu: number }> {
  await storeJob(dir, data, 0); // warm-up: bucket, connections
  const runs: [number, number][] = [];
  for (let i = 1; i <= RUNS; i++) runs.push(await storeJob(dir, data, i));
  return { ms: median(runs.map((r) => r[0])), cpu: median(runs.map((r) => r[1])) };
}

export default async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
  const saved = { ...process.env };
  const sizes = [1, 16].map((mb) => randomBytes(mb * 1024 * 1024));
  const label = (d: Buffer) => `${d.length / 1024 / 1024} MB random`;
  try {
    process.env.DATA_DIR = path.join(dir, 'data');
    process.env.STORAGE = 'disk';
    const disk = new Map<Buffer, { ms: number; cpu: number }>();
    for (const d of sizes) disk.set(d, await measure(dir, d));
    if (!hasCeph || !hasRedis) {
      for (const d of sizes)
        rows.push({
          tool: 'session store disk',
          input: label(d),
          ms: disk.get(d)!.ms,
          note: 'Ceph/Redis absent: no s3 row',
        });
      return rows;
    }
    const [gw, redis] = await startCephAndRedis();
    try {
      Object.assign(process.env, s3Env(gw, 'bench-store'), { REDIS_URL: redis.url });
      const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
      const s3 = new S3Client({
        endpoint: gw.endpoint,
        region: gw.region,
        forcePathStyle: true,
        credentials: { accessKeyId: gw.accessKeyId, secretAccessKey: gw.secretAccessKey },
      });
      for (const d of sizes) {
        const ours = await measure(dir, d);
        // The floor: what the same bytes cost through the SDK alone.
        const sdk: [number, number][] = [];
        for (let i = 0; i <= RUNS; i++) {
          const cpu = process.cpuUsage();
          const t = performance.now();
          const keys = [`raw/${i}/in`, `raw/${i}/out`];
          for (const Key of keys) await s3.send(new PutObjectCommand({ Bucket: 'bench-store', Key, Body: d }));
          for (const Key of keys)
            await drain((await s3.send(new GetObjectCommand({ Bucket: 'bench-store', Key }))).Body as never);
          await s3.send(
            new DeleteObjectsCommand({ Bucket: 'bench-store', Delete: { Objects: keys.map((Key) => ({ Key })) } }),
          );
          const c = process.cpuUsage(cpu);
          if (i > 0) sdk.push([performance.now() - t, (c.user + c.system) / 1000]);
        }
        const floor = { ms: median(sdk.map((r) => r[0])), cpu: median(sdk.map((r) => r[1])) };
        const dk = disk.get(d)!;
        rows.push({
          tool: 'session store disk',
          input: label(d),
          ms: dk.ms,
          note: `CPU ${dk.cpu.toFixed(0)} ms`,
        });
        rows.push({
          tool: 'session store s3',
          input: label(d),
          ms: ours.ms,
          note:
            `CPU ${ours.cpu.toFixed(0)} ms; x${(ours.ms / dk.ms).toFixed(1)} the disk store; bare SDK ` +
            `${floor.ms.toFixed(0)} ms, CPU ${floor.cpu.toFixed(0)} ms (ours x${(ours.ms / floor.ms).toFixed(2)})`,
        });
      }
    } finally {
      await closeSharedRedis();
      await Promise.all([gw.stop(), redis.stop()]);
    }
    return rows;
  } finally {
    process.env = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
