// Memory bombs through every PDF tool: whatever a decoder does, a job's runner is stopped at its memory
// cap (422 naming the file) or the job succeeds within it, and the server goes back to its idle size.
// The per-decoder caps live in the tools; this suite proves the runner's RSS cap is the backstop.
import { pdfBomb, type BombKind } from '../support/pdf-bombs';
import { processStep, upload, useTestDataDir } from '../support/api';
import { sampleRss, settledRssMb, treeRssMb } from '../support/rss';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serverConfig } from '@/lib/config';

useTestDataDir({ JOB_CONCURRENCY: '2', JOB_TIMEOUT_SECONDS: '90' });

const BOMBS: BombKind[] = ['lzw', 'runlength', 'ascii85', 'indexed', 'hugepage', 'flate-content'];
const TOOLS: { api: string; files: number; fields?: Record<string, string> }[] = [
  { api: 'pdf/compress', files: 1 },
  { api: 'pdf/to_docx', files: 1 },
  { api: 'pdf/merge', files: 2 },
  { api: 'pdf/lock', files: 1, fields: { password: 'secret-42' } },
];

const bombs = new Map<BombKind, Buffer>();
let idleMb = 0;
beforeAll(async () => {
  for (const k of BOMBS) bombs.set(k, await pdfBomb(k));
  idleMb = await treeRssMb();
}, 120_000);

describe.each(TOOLS)('$api', ({ api, files, fields }) => {
  it.each(BOMBS)('%s bomb: 422 naming the file or a result, memory bounded and released', async (kind) => {
    const cfg = serverConfig();
    const name = `${kind}-bomb.pdf`;
    const up = await upload(api, Array.from({ length: files }, () => ({ name, data: bombs.get(kind)! })), fields);
    if (up.res.status !== 200) {
      // Refused at upload (a cheap check found it): fine, as long as it is a clear 4xx.
      expect(up.res.status).toBeGreaterThanOrEqual(400);
      expect(up.res.status).toBeLessThan(500);
      return;
    }
    const rss = sampleRss();
    const stall = monitorEventLoopDelay({ resolution: 10 });
    stall.enable();
    const started = Date.now();
    const pr = await processStep(api, { session_id: up.sessionId, ...fields });
    const seconds = (Date.now() - started) / 1000;
    stall.disable();
    await rss.stop();
    const peak = rss.peakMb() - idleMb;
    const stallMs = stall.max / 1e6;
    console.info(`[job-memory] ${api} ${kind}: ${pr.res.status} in ${seconds.toFixed(1)} s, tree peak +${peak.toFixed(0)} MB, main-thread stall max ${stallMs.toFixed(0)} ms`);
    // The job runs in another process: the server's event loop only waits for it.
    expect(stallMs).toBeLessThan(500);
    expect([200, 422]).toContain(pr.res.status);
    if (pr.res.status === 422) expect(pr.body.error).toMatch(new RegExp(`${kind}-bomb\\.pdf|These files`));
    expect(seconds).toBeLessThan(90);
    // One runner at its cap, the sampling interval's overshoot and this process's share of the work.
    expect(peak).toBeLessThan(cfg.jobMemoryMb + 400);
    // Back to idle: a runner left large was replaced.
    const after = await settledRssMb(idleMb + cfg.jobRecycleMb + 150);
    expect(after - idleMb).toBeLessThan(cfg.jobRecycleMb + 150);
  }, 150_000);
});
