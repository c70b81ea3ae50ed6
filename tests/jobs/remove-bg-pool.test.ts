// Issue 12's outage, end to end: with MAX_JOBS_PER_WORKER=1 and two pool slots every removal runs in a
// brand-new runner process, two of them at once, while another tool's jobs share the pool. Every removal
// must succeed with a correct transparent PNG (the fixture's check: RGBA, upright, alpha matching the known
// mask). Before the fix (onnxruntime-node 1.17) the second thread to load the model failed with "Module did
// not self-register" until restart.
// Then with the default settings: the runner that holds the model stays warm for the next removal (its
// resident size is above JOB_RECYCLE_MB, below REMOVE_BG_RECYCLE_MB) and is replaced once idle.
// Jobs go through the process-wide pool (lib/jobs/pool.ts, configured from the environment like the server).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverConfig } from '@/lib/config';
import { jobPool, resetJobPool } from '@/lib/jobs/pool';
import { treeRss } from '@/lib/jobs/runner';
import type { FileKind } from '@/lib/tools/registry';
import { loadFixture } from '../support/tool-fixture';

jest.setTimeout(600_000);
const MB = 1024 * 1024;

const ENV = {
  MAX_JOBS_PER_WORKER: '1',
  JOB_CONCURRENCY: '2',
  REMOVE_BG_CONCURRENCY: '2',
  MAX_JOBS_PER_CLIENT: '0',
  JOB_TIMEOUT_SECONDS: '300',
};
const saved: Record<string, string | undefined> = {};
let dir: string;
beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  await resetJobPool();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-pool-test-'));
});
afterAll(async () => {
  await resetJobPool();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const removal = loadFixture('image-remove-background')!;
const compress = loadFixture('image-compress')!;
let seq = 0;
const checked: string[] = [];

async function runTool(api: string, kind: FileKind, fixture: NonNullable<typeof removal>): Promise<void> {
  const inputs = await fixture.valid();
  const workDir = path.join(dir, `job-${++seq}`);
  fs.mkdirSync(workDir);
  const file = path.join(workDir, 'input');
  fs.writeFileSync(file, inputs[0].data);
  const out = await jobPool().run({
    api,
    inputs: [{ path: file, name: inputs[0].name, size: inputs[0].data.length, kind }],
    options: {},
    workDir,
  });
  await fixture.check(fs.readFileSync(out.path), inputs);
  checked.push(api);
}
const removeOnce = () => runTool('image/remove_background', 'jpeg', removal);
const compressOnce = () => runTool('image/compress', 'jpeg', compress);

test('removals keep working across recycled workers and two slots, beside other tools', async () => {
  // Two removals at once (two workers load the model concurrently), then more on fresh workers while
  // compress jobs take slots in between.
  await Promise.all([removeOnce(), removeOnce()]);
  await Promise.all([compressOnce(), removeOnce(), compressOnce(), removeOnce()]);
  // And once more on its own, after every earlier worker has been replaced.
  await removeOnce();
  expect(checked.filter((a) => a === 'image/remove_background')).toHaveLength(5);
  expect(checked).toHaveLength(7);
});

describe('with the default settings', () => {
  const DEFAULTS = ['MAX_JOBS_PER_WORKER', 'JOB_CONCURRENCY', 'REMOVE_BG_CONCURRENCY', 'REMOVE_BG_RECYCLE_MB'];
  const kept: Record<string, string | undefined> = {};
  beforeAll(async () => {
    for (const k of DEFAULTS) {
      kept[k] = process.env[k];
      delete process.env[k];
    }
    process.env.REMOVE_BG_IDLE_SECONDS = '4';
    await resetJobPool();
  });
  afterAll(() => {
    delete process.env.REMOVE_BG_IDLE_SECONDS;
    for (const [k, v] of Object.entries(kept)) if (v !== undefined) process.env[k] = v;
  });

  test('a second removal reuses the warm runner; it stays under its recycle size and goes when idle', async () => {
    const cfg = serverConfig();
    await removeOnce();
    const [pid] = jobPool().stats().pids;
    expect(jobPool().stats().workers).toBe(1);
    const afterFirst = (await treeRss(pid))!;
    await removeOnce();
    expect(jobPool().stats().pids).toEqual([pid]); // the same process: the model was not loaded again
    const afterSecond = (await treeRss(pid))!;
    console.info(
      `[remove-bg-pool] warm runner resident after removals: ${(afterFirst / MB).toFixed(0)} / ${(afterSecond / MB).toFixed(0)} MB ` +
        `(JOB_RECYCLE_MB ${cfg.jobRecycleMb}, REMOVE_BG_RECYCLE_MB ${cfg.removeBackgroundRecycleMb}), peak ${((jobPool().peaks.get('image/remove_background') ?? 0) / MB).toFixed(0)} MB`,
    );
    // The memory bounds still hold: kept only under its recycle size, and its peak under its cap.
    expect(afterSecond).toBeLessThanOrEqual(cfg.removeBackgroundRecycleMb * MB);
    expect(jobPool().peaks.get('image/remove_background')).toBeLessThan(cfg.removeBackgroundMemoryMb * MB);
    // Idle past REMOVE_BG_IDLE_SECONDS: replaced, so the server returns to its idle footprint.
    for (let t = 0; t < 150 && jobPool().stats().workers > 0; t++) await new Promise((r) => setTimeout(r, 100));
    expect(jobPool().stats().workers).toBe(0);
    expect(await treeRss(pid)).toBeNull();
  });
});
