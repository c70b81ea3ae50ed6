// Text recognition of scanned pages (issue 19): an image-only copy of a known document is read back with
// OCR into editable paragraphs; mixed documents page by page; honest page lists; tesseract.js works in two
// successive worker threads (the job runner is recycled); OCR_LANGS picks languages that are present.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { PDFDocument, rgb } from 'pdf-lib';
import { convertPdf } from './convert';
import { borrowReader, closeWarmReader, ocrSetup } from './ocr';
import { imageOnlyPdf, sampleDocPdf } from '@/tests/support/pdf-to-docx/make-pdfs';
import { paragraphsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { pdftotext, wordRecall, words } from '@/tests/support/pdf-to-docx/measure';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-ocr-'));
});
// the runner's warm tesseract threads would keep Jest's process alive until their idle time ends
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await closeWarmReader();
});

const docxText = (docx: Buffer): string => {
  const f = path.join(dir, `t-${Date.now()}.docx`);
  fs.writeFileSync(f, docx);
  const xml = execFileSync('unzip', ['-p', f, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return paragraphsText(xml);
};

test('an image-only copy of a two-page document is read back as editable text (word recall >= 0.9)', async () => {
  const original = await sampleDocPdf();
  fs.writeFileSync(path.join(dir, 'orig.pdf'), original);
  const scan = path.join(dir, 'scan.pdf');
  fs.writeFileSync(scan, await imageOnlyPdf(original, 200));
  expect(pdftotext(scan).trim()).toBe('');
  const r = await convertPdf(scan, 'scan.pdf');
  expect(r.ocrPages).toEqual([1, 2]);
  expect(r.unreadablePages).toEqual([]);
  const ref = words(pdftotext(path.join(dir, 'orig.pdf')));
  if (process.env.P2W_DEBUG) console.log(docxText(r.docx));
  expect(wordRecall(ref, words(docxText(r.docx)))).toBeGreaterThanOrEqual(0.9);
}, 180_000);

test('a runner keeps its tesseract threads between scans: the second conversion starts none', async () => {
  const scan = path.join(dir, 'warm.pdf');
  fs.writeFileSync(scan, await imageOnlyPdf(await sampleDocPdf(), 200));
  await closeWarmReader();
  await convertPdf(scan, 'warm.pdf');
  const first = borrowReader();
  const started = first.reader.threadsStarted;
  await first.done(true);
  expect(started).toBeGreaterThanOrEqual(1);
  const r = await convertPdf(scan, 'warm.pdf');
  expect(r.ocrPages).toEqual([1, 2]);
  const again = borrowReader();
  expect(again.reader).toBe(first.reader);
  expect(again.reader.threadsStarted).toBe(started);
  // a job stopped midway (on a limit) stops them: the next job starts afresh
  await again.done(false);
  const fresh = borrowReader();
  expect(fresh.reader).not.toBe(first.reader);
  await fresh.done(true);
}, 180_000);

test('a mixed document is handled page by page; a scan with nothing readable is named', async () => {
  const doc = await PDFDocument.create();
  const p = doc.addPage([612, 792]);
  p.drawRectangle({ x: 100, y: 300, width: 400, height: 200, color: rgb(0.3, 0.5, 0.8) });
  const shapeOnly = await imageOnlyPdf(await doc.save(), 150);
  const text = await imageOnlyPdf(await sampleDocPdf(), 200, [1]);
  const out = await PDFDocument.create();
  for (const src of [text, shapeOnly]) {
    const s = await PDFDocument.load(src);
    for (const pg of await out.copyPages(s, s.getPageIndices())) out.addPage(pg);
  }
  const f = path.join(dir, 'mixed.pdf');
  fs.writeFileSync(f, await out.save());
  const r = await convertPdf(f, 'mixed.pdf');
  expect(r.scannedPages).toEqual([2, 3]);
  expect(r.ocrPages).toEqual([2]);
  expect(r.unreadablePages).toEqual([3]);
  expect(docxText(r.docx)).toMatch(/Quarterly Field Report/);
}, 180_000);

test('OCR_LANGS chooses among installed languages, English always available offline', () => {
  const all = ocrSetup('');
  expect(all.langs[0]).toBe('eng');
  const dataFile = path.join(all.langPath, `eng.traineddata${all.gzip ? '.gz' : ''}`);
  expect(fs.existsSync(dataFile)).toBe(true);
  expect(ocrSetup('xx-not-installed').langs).toEqual(['eng']);
});

test('tesseract.js reads a page in two successive worker threads of one process', async () => {
  // Inside the project, so the bundle's external packages resolve from node_modules.
  const cache = path.resolve(__dirname, '../../../../node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const bundle = path.join(fs.mkdtempSync(path.join(cache, 'p2w-ocr-')), 'ocr-bundle.mjs');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'ocr.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    absWorkingDir: path.resolve(__dirname, '../../../..'),
    logLevel: 'silent',
    alias: { '@': path.resolve(__dirname, '../../../..') },
    plugins: [
      {
        name: 'server-only',
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
          b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
        },
      },
    ],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url); const __filename = new URL(import.meta.url).pathname; const __dirname = new URL('.', import.meta.url).pathname;",
    },
  });
  // (as scripts/build-worker.mjs does for the job runner's bundle)
  fs.copyFileSync(path.join(__dirname, 'ocr-thread.cjs'), path.join(path.dirname(bundle), 'ocr-thread.cjs'));
  const orig = path.join(dir, 'orig-1.pdf');
  fs.writeFileSync(orig, await sampleDocPdf());
  execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', orig, path.join(dir, 'page')]);
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const fs = require('node:fs');
    import(workerData.bundle).then(async ({ PageReader }) => {
      const r = new PageReader();
      const page = await r.read(fs.readFileSync(workerData.image), 200);
      await r.close();
      parentPort.postMessage(page.lines.flatMap((l) => l.words.map((w) => w.text)).join(' '));
    }, (e) => parentPort.postMessage('error ' + e.message));`;
  try {
    for (let round = 0; round < 2; round++) {
      const w = new Worker(code, { eval: true, workerData: { bundle, image: path.join(dir, 'page.png') } });
      const text = await new Promise<string>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      });
      await w.terminate();
      expect(text).toMatch(/Quarterly Field Report/);
    }
  } finally {
    fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
  }
}, 180_000);
