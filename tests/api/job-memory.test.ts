// Memory bombs through every PDF tool: whatever a decoder does, a job's runner is stopped at its memory
// cap (422 naming the file) or the job succeeds within it, and the server goes back to its idle size.
// The per-decoder caps live in the tools; this suite proves the runner's RSS cap is the backstop.
import { pdfBomb, type BombKind } from '../support/pdf-bombs';
import { processStep, upload, useTestDataDir } from '../support/api';
import { sampleRss, settledRssMb, treeRssMb } from '../support/rss';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serverConfig } from '@/lib/config';
import { jobPool, resetJobPool } from '@/lib/jobs/pool';

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
  it.each(BOMBS)(
    '%s bomb: 422 naming the file or a result, memory bounded and released',
    async (kind) => {
      const cfg = serverConfig();
      const name = `${kind}-bomb.pdf`;
      const up = await upload(
        api,
        Array.from({ length: files }, () => ({ name, data: bombs.get(kind)! })),
        fields,
      );
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
      console.info(
        `[job-memory] ${api} ${kind}: ${pr.res.status} in ${seconds.toFixed(1)} s, tree peak +${peak.toFixed(0)} MB, main-thread stall max ${stallMs.toFixed(0)} ms`,
      );
      // The job runs in another process: the server's event loop only waits for it.
      expect(stallMs).toBeLessThan(1000); // generous: this machine's cores are shared with other work
      expect([200, 422]).toContain(pr.res.status);
      if (pr.res.status === 422) expect(pr.body.error).toMatch(new RegExp(`${kind}-bomb\\.pdf|These files`));
      expect(seconds).toBeLessThan(90);
      // One runner at its cap, the sampling interval's overshoot and this process's share of the work.
      expect(peak).toBeLessThan(cfg.jobMemoryMb + 400);
      // Back to idle: a runner left large was replaced.
      const after = await settledRssMb(idleMb + cfg.jobRecycleMb + 150);
      expect(after - idleMb).toBeLessThan(cfg.jobRecycleMb + 150);
    },
    150_000,
  );
});

// With the tools' own caps most bombs never get near the runner's cap; a low cap shows the backstop at work:
// whatever the runner allocates past it, the job ends with the runner's 422 and the memory is returned.
describe('the RSS cap as the backstop (JOB_MEMORY_MB=200)', () => {
  beforeAll(async () => {
    process.env.JOB_MEMORY_MB = '200';
    await resetJobPool();
  });
  afterAll(async () => {
    delete process.env.JOB_MEMORY_MB;
    await resetJobPool();
  });

  it('every bomb through PDF to Word ends 200 or 422, the runner never far past its cap', async () => {
    const statuses: string[] = [];
    for (const kind of BOMBS) {
      const name = `${kind}-bomb.pdf`;
      const up = await upload('pdf/to_docx', [{ name, data: bombs.get(kind)! }]);
      expect(up.res.status).toBe(200);
      const pr = await processStep('pdf/to_docx', { session_id: up.sessionId });
      expect([200, 422]).toContain(pr.res.status);
      statuses.push(`${kind}: ${pr.res.status} ${pr.res.status === 422 ? pr.body.error : ''}`);
    }
    console.info(
      `[job-memory] backstop, runner peak ${((jobPool().peaks.get('pdf/to_docx') ?? 0) / 1024 / 1024).toFixed(0)} MB:\n${statuses.join('\n')}`,
    );
    // At least one job was stopped by the runner's memory cap, with the message naming its file.
    expect(statuses.some((s) => /-bomb\.pdf" needs more memory than this server allows for one job/.test(s))).toBe(
      true,
    );
    expect(jobPool().peaks.get('pdf/to_docx')!).toBeLessThan((200 + 300) * 1024 * 1024);
  }, 300_000);
});
