// PDF to Word on the same scan again and again in one job runner (issue 19): the runner's memory stays
// bounded. It grew ~30-50 MB per scan (each job's pdf.js and tesseract threads left glibc malloc arenas
// holding what they had freed); the runner now starts with MALLOC_ARENA_MAX=2 and keeps its tesseract
// threads warm between jobs. Memory only, no timing: the runner is never recycled here (JOB_RECYCLE_MB=0),
// so growth would show. What is measured is the runner (its process and its children), not this test
// process: a Jest worker's own heap comes and goes with its garbage collection and with what the test files
// it ran before left (its tree read 981 MB in one CI run, 2264 MB in another).
import { PDFDocument } from 'pdf-lib';
import { jobPool } from '@/lib/jobs/pool';
import { treeRss } from '@/lib/jobs/runner';
import { processStep, upload, useTestDataDir } from '../support/api';
import { imageOnlyPdf, sampleDocPdf } from '../support/pdf-to-docx/make-pdfs';
import { settledRssMb } from '../support/rss';

useTestDataDir({ JOB_CONCURRENCY: '1', JOB_RECYCLE_MB: '0', MAX_JOBS_PER_WORKER: '0', JOB_TIMEOUT_SECONDS: '120' });

let scan: Buffer;
beforeAll(async () => {
  // one page of the made document, as an image-only PDF
  const src = await PDFDocument.load(await sampleDocPdf());
  const one = await PDFDocument.create();
  const [p] = await one.copyPages(src, [0]);
  one.addPage(p);
  scan = Buffer.from(await imageOnlyPdf(await one.save(), 200));
});

/** The job runners' resident memory in MB, with what they started. */
async function runnersMb(): Promise<number> {
  let bytes = 0;
  for (const pid of jobPool().stats().pids) bytes += (await treeRss(pid)) ?? 0;
  return bytes / (1024 * 1024);
}

async function convert(): Promise<void> {
  const up = await upload('pdf/to_docx', [{ name: 'scan.pdf', data: scan }]);
  expect(up.res.status).toBe(200);
  const pr = await processStep('pdf/to_docx', { session_id: up.sessionId });
  expect(pr.res.status).toBe(200);
  expect(pr.body.notice).toMatch(/read by text recognition \(OCR\)/);
}

test('converting one scan 12 times in one runner: its memory grows < 60 MB from the 3rd to the 12th', async () => {
  // After each scan, the runner's settled size. A heap is a sawtooth (garbage waits for its collection, later
  // on a loaded machine); its low points are what the runner keeps. Growth: the lowest of the last three
  // readings against the lowest of the first three (a leak of tens of MB a scan shows in both).
  const after: number[] = [];
  let runners: number[] = [];
  for (let i = 0; i < 12; i++) {
    await convert();
    if (i === 0) runners = jobPool().stats().pids;
    after.push(await settledRssMb(0, 1000, runnersMb));
  }
  expect(runners).toHaveLength(1);
  // the same runner all along (never recycled here)
  expect(jobPool().stats().pids).toEqual(runners);
  const early = Math.min(...after.slice(0, 3));
  const late = Math.min(...after.slice(9));
  console.info(`[p2w-runner-memory] runner RSS after each scan: ${after.map((v) => v.toFixed(0)).join(' ')} MB`);
  expect(late - early).toBeLessThan(60);
}, 600_000);
