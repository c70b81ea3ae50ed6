// The per-tool cost estimate (issue 13): no real file is ever refused at the default limits, and a
// generated time bomb (a scanned book PDF to Word would OCR for far longer than the limit) is refused at
// once with a 422 naming the file. The estimate's accuracy per corpus file is in bench/job-cost.bench.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusFiles, describeCorpus } from '@/tests/support/corpus';
import { scannedBookPdf } from '@/tests/support/cost-bombs';
import { checkJobCost, COST_FLOOR_SECONDS, COST_MARGIN, estimateJob, tooCostlyError } from './cost';
import type { FileKind, FileToolApi } from './registry';
import type { JobInput } from './types';

const LIMIT_MS = 300_000; // JOB_TIMEOUT_SECONDS' default
const THRESHOLD = (COST_MARGIN * LIMIT_MS) / 1000;

const input = (p: string, kind: FileKind): JobInput => ({
  path: p,
  name: path.basename(p),
  size: fs.statSync(p).size,
  kind,
});

const TOOLS: [FileToolApi, string[], FileKind, number][] = [
  ['pdf/compress', ['pdf', 'pdf-real'], 'pdf', 1],
  ['pdf/to_docx', ['pdf', 'pdf-real'], 'pdf', 1],
  ['pdf/lock', ['pdf', 'pdf-real'], 'pdf', 1],
  ['pdf/merge', ['pdf', 'pdf-real'], 'pdf', 2],
  ['docx/merge', ['docx'], 'docx', 2],
  ['pptx/merge', ['pptx'], 'pptx', 2],
  ['image/compress', ['photo'], 'jpeg', 1],
  ['image/jpg_to_png', ['photo'], 'jpeg', 1],
  ['image/remove_background', ['photo', 'png'], 'jpeg', 1],
  ['image/png_to_jpg', ['png'], 'png', 1],
  ['image/png_to_svg', ['png'], 'png', 1],
];

describeCorpus('cost estimate on real files', () => {
  it.each(TOOLS)('%s: no corpus file is refused at the default limits', async (api, folders, kind, copies) => {
    const paths = folders.flatMap((f) => corpusFiles(f)).filter((p) => !p.endsWith('.md'));
    expect(paths.length).toBeGreaterThan(0);
    const all = copies > 1 ? [paths] : paths.map((p) => [p]); // a merge: all the folder's files at once
    let estimated = 0;
    for (const files of all) {
      const inputs = files.map((p) => input(p, kind));
      const est = await checkJobCost(api, inputs, {}, LIMIT_MS); // throws on a refusal
      if (!est) continue;
      estimated += 1;
      // Far below the refusal threshold, not merely under it: the margin is the guard against a bad model.
      expect(est.seconds).toBeLessThan(THRESHOLD / 4);
    }
    expect(estimated).toBeGreaterThan(0);
  });
});

describe('cost estimate on time bombs', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cost-test-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a 300-page scanned book is refused by PDF to Word within seconds, naming the file', async () => {
    const file = path.join(dir, 'scanned-book.pdf');
    fs.writeFileSync(file, await scannedBookPdf(300));
    const inputs = [input(file, 'pdf')];
    const t = Date.now();
    await expect(checkJobCost('pdf/to_docx', inputs, {}, LIMIT_MS)).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringMatching(/^"scanned-book\.pdf" is too large or complex to process within/),
    });
    // Refused from the estimate, not by running it: the OCR alone would take over 20 minutes, so a minute
    // tells the two apart even on a loaded machine (it took 4 s of the former 10 s bound at load 14).
    expect(Date.now() - t).toBeLessThan(60_000);
    // The same pages are cheap for the tools that do not read them.
    for (const api of ['pdf/compress', 'pdf/lock'] as const) {
      await expect(checkJobCost(api, inputs, {}, LIMIT_MS)).resolves.toMatchObject({ seconds: expect.any(Number) });
    }
    // A short scan (10 pages: about a minute of OCR) is not refused.
    const short = path.join(dir, 'short-scan.pdf');
    fs.writeFileSync(short, await scannedBookPdf(10));
    const est = await checkJobCost('pdf/to_docx', [input(short, 'pdf')], {}, LIMIT_MS);
    expect(est!.features.textlessPages).toBe(10);
  }, 60_000);

  it('never refuses under the floor, whatever the time limit; unreadable input is never refused', async () => {
    const file = path.join(dir, 'one-page.pdf');
    fs.writeFileSync(file, await scannedBookPdf(1));
    const est = await checkJobCost('pdf/to_docx', [input(file, 'pdf')], {}, 50);
    expect(est!.seconds).toBeLessThan(COST_FLOOR_SECONDS);
    const junk = path.join(dir, 'junk.pdf');
    fs.writeFileSync(junk, 'not a pdf');
    await expect(estimateJob('pdf/to_docx', [input(junk, 'pdf')], {})).resolves.toBeNull();
    await expect(estimateJob('no/such_tool', [input(junk, 'pdf')], {})).resolves.toBeNull();
  }, 30_000);
});

describe('cost estimate: pages that paint nothing', () => {
  it('500 blank pages with an empty content stream count as no scans', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    for (let i = 0; i < 500; i++) doc.addPage([612, 792]).pushOperators();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cost-blank-'));
    const file = path.join(dir, 'blank.pdf');
    fs.writeFileSync(file, await doc.save());
    const est = await checkJobCost('pdf/to_docx', [input(file, 'pdf')], {}, LIMIT_MS);
    expect(est!.features).toMatchObject({ pages: 500, textlessPages: 0 });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

it('the refusal names the file, or speaks of the files for a merge', () => {
  const f = (name: string): JobInput => ({ path: '/x', name, size: 1, kind: 'pdf' });
  expect(tooCostlyError([f('a/b.pdf')], 1700, 300_000).message).toBe(
    '"b.pdf" is too large or complex to process within this server\'s time limit (about 28 minutes of work; the limit is 5 minutes). Please try a smaller file or fewer pages.',
  );
  expect(tooCostlyError([f('a.pdf'), f('b.pdf')], 60, 30_000).message).toMatch(
    /^These files are too large .* \(about 1 minute of work; the limit is 1 minute\)/,
  );
});
