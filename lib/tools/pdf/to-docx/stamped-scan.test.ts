// Scans carrying a little digital text (issue 19): a court's ECF header and a Bates number set over a
// scanned page made it a text page (the stamp as text, the whole scan one picture, no OCR). Such a page is
// now rendered with its stamp and read by OCR, page by page in a mixed document; pages that only look
// like it (a photo slide with a title, a certificate over a border picture, a big figure with a caption,
// a text page over a watermark picture) stay text pages. Fixtures: make-scans.ts ('stamped') and
// scan-lookalikes.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertPdf } from './convert';
import { closeWarmReader } from './ocr';
import { readsAsScan, withDigitalWords } from './stamped-scan';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PageData } from '../pdfjs/protocol';
import { sampleDocPdf } from '@/tests/support/pdf-to-docx/make-pdfs';
import { documentXml, paragraphsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { makeScan, stamp } from '@/tests/support/pdf-to-docx/make-scans';
import {
  certificatePdf,
  figurePagePdf,
  photoSlidePdf,
  screenshotsSlidePdf,
  watermarkedTextPdf,
} from '@/tests/support/pdf-to-docx/scan-lookalikes';
import { pdftotext, wordRecall, words } from '@/tests/support/pdf-to-docx/measure';

let dir: string;
let sample: string;
let stamped: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-stamped-'));
  sample = path.join(dir, 'sample.pdf');
  fs.writeFileSync(sample, await sampleDocPdf());
  const page1 = path.join(dir, 'page1.pdf');
  execFileSync('qpdf', [sample, '--pages', '.', '1', '--', page1]);
  stamped = path.join(dir, 'stamped.pdf');
  await makeScan(page1, 'stamped', stamped);
}, 60_000);
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await closeWarmReader();
});

const docxText = (docx: Buffer): string => {
  const xml = documentXml(docx);
  return paragraphsText(xml);
};
const pageText = (pdf: string, n: number) => pdftotext(pdf, ['-f', String(n), '-l', String(n)]);

test('a scan with an ECF header and a Bates number over it is read by OCR: its body is editable text', async () => {
  // the fixture: the stamp is the page's only text
  expect(words(pdftotext(stamped)).length).toBeLessThan(20);
  const r = await convertPdf(stamped, 'stamped.pdf');
  expect(r.ocrPages).toEqual([1]);
  expect(r.scannedPages).toEqual([1]);
  const text = docxText(r.docx);
  // the body (it was one picture) and the stamp (read with the rest)
  expect(wordRecall(words(pageText(sample, 1)), words(text))).toBeGreaterThanOrEqual(0.9);
  // the stamp kept exact at its place (OCR's reading of it gives way to the digital words)
  expect(text).toContain('Case 1:20-cv-01234-ABC Document 12 Filed 03/04/20 Page 1 of 1');
  expect(text).toContain('DEF-000101');
}, 180_000);

test("a stamp over a scan with an invisible text layer: the layer's words and the stamp's, no OCR", async () => {
  const page1 = path.join(dir, 'page1.pdf');
  const layered = path.join(dir, 'layered.pdf');
  await makeScan(page1, 'ocr-text-layer', layered);
  const doc = await PDFDocument.load(fs.readFileSync(layered));
  await stamp(doc, doc.getPage(0), 1, 1);
  const both = path.join(dir, 'layered-stamped.pdf');
  fs.writeFileSync(both, await doc.save());
  const r = await convertPdf(both, 'layered-stamped.pdf');
  expect(r.scannedPages).toEqual([1]);
  expect(r.ocrPages).toEqual([]);
  const text = docxText(r.docx);
  expect(wordRecall(words(pageText(sample, 1)), words(text))).toBeGreaterThanOrEqual(0.98);
  expect(text).toContain('Case 1:20-cv-01234-ABC Document 12 Filed 03/04/20 Page 1 of 1');
}, 180_000);

test('a sparse stamped scan (an invoice of 25 words: fewer than the body of a letter) is read by OCR', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Northwind Traders, Harbour Street 14, Leeds',
    'Invoice 2041',
    'Date: 12 May 2020',
    'Consulting services, April',
    'Total due: 1,250.00 GBP',
    'Payable within thirty days.',
  ];
  lines.forEach((t, i) => page.drawText(t, { x: 70, y: 760 - i * 40, size: 12, font }));
  const text = path.join(dir, 'invoice.pdf');
  fs.writeFileSync(text, await doc.save());
  const scan = path.join(dir, 'invoice-stamped.pdf');
  await makeScan(text, 'stamped', scan);
  const r = await convertPdf(scan, 'invoice-stamped.pdf');
  expect(r.ocrPages).toEqual([1]);
  expect(wordRecall(words(lines.join(' ')), words(docxText(r.docx)))).toBeGreaterThanOrEqual(0.9);
}, 180_000);

test('in a mixed document only the stamped scan is read by OCR; the text page stays text', async () => {
  const mixed = path.join(dir, 'mixed.pdf');
  execFileSync('qpdf', ['--empty', '--pages', sample, '2', stamped, '1', '--', mixed]);
  const r = await convertPdf(mixed, 'mixed.pdf');
  expect(r.ocrPages).toEqual([2]);
  expect(r.scannedPages).toEqual([2]);
  const text = docxText(r.docx);
  expect(wordRecall(words(pageText(sample, 2)), words(text))).toBeGreaterThanOrEqual(0.98);
  expect(wordRecall(words(pageText(sample, 1)), words(text))).toBeGreaterThanOrEqual(0.9);
}, 180_000);

const shot = () => {
  execFileSync('pdftoppm', ['-r', '110', '-f', '1', '-l', '1', '-singlefile', '-png', sample, path.join(dir, 'shot')]);
  return fs.readFileSync(path.join(dir, 'shot.png'));
};
const LINES = Array.from(
  { length: 36 },
  (_, i) => `Line ${i + 1} of the letter sets out the terms agreed at the meeting held in the spring.`,
);

test.each([
  ['a photo slide (light sky) with a title', () => photoSlidePdf(true), 'Summer Field Trip'],
  ['a photo slide (dark landscape) with a title', () => photoSlidePdf(false), 'Summer Field Trip'],
  ['a certificate over a border picture', certificatePdf, 'Jane Q. Example'],
  ['a big figure with a caption', figurePagePdf, 'Figure 3. Monthly rainfall'],
  ['a text page over a full-page watermark picture', () => watermarkedTextPdf(LINES), LINES[20]],
  // (two pictures covering the page, full of text: no scan, as poi-60810's talent-card slide)
  ['a slide of two document screenshots side by side', () => screenshotsSlidePdf(shot()), 'EXAMPLE OF A TALENT CARD'],
])(
  '%s stays a text page (no OCR, its words exact)',
  async (name, make, exact) => {
    const f = path.join(dir, `${name.replace(/\W+/g, '-')}.pdf`);
    fs.writeFileSync(f, await make());
    const r = await convertPdf(f, 'page.pdf');
    expect(r.scannedPages).toEqual([]);
    expect(r.ocrPages).toEqual([]);
    expect(docxText(r.docx).replace(/\s+/g, ' ')).toContain(exact);
  },
  180_000,
);

const run = (str: string, x: number, y: number) =>
  ({ str, x, y, w: str.length * 5, size: 9, invisible: false }) as PageData['runs'][number];
const word = (text: string, x0: number, y0: number) => ({ text, x0, y0, x1: x0 + 30, y1: y0 + 9, conf: 95 });

test('readsAsScan: the digital words read back are no scan; a body beyond them is', () => {
  const page = { width: 612, height: 792, runs: [run('Case 1:20-cv-01234 Document 12', 200, 20)] } as PageData;
  const stampOnly = [{ words: [word('Case', 200, 12), word('Document', 300, 12)] }];
  const body = Array.from({ length: 30 }, (_, i) => ({ words: [word(`body${i}`, 72, 100 + i * 14)] }));
  expect(readsAsScan(page, stampOnly as never, false)).toBe(false);
  expect(readsAsScan(page, [...stampOnly, ...body] as never, false)).toBe(true);
  // turned upright, the digital words are taken off by count
  expect(readsAsScan(page, body.slice(0, 14) as never, true)).toBe(false);
  expect(readsAsScan(page, body.slice(0, 16) as never, true)).toBe(true);
});

test('withDigitalWords: the words read over a digital run give way to the run, at its place', () => {
  const page = { width: 612, height: 792, runs: [run('DEF-000101', 500, 780)] } as PageData;
  const read = [
    { words: [word('DEF-0O0101', 500, 772)], baseline: 780, size: 8, para: 1, bold: false, italic: false },
    { words: [word('Dear', 72, 100)], baseline: 108, size: 9, para: 2, bold: false, italic: false },
  ];
  const lines = withDigitalWords(page, read as never);
  expect(lines.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(['Dear', 'DEF-000101']);
  expect(lines[1].words[0].conf).toBe(100);
});
