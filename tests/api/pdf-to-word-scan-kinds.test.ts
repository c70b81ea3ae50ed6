// PDF to Word through the API on kinds of real scans (issue 19): a bitonal CCITT G4 page at 300 dpi (it came
// back as a blank page "with nothing readable": pdf.js had no path to its fax decoder) and a page fed
// sideways into the scanner with no /Rotate (read upright, the Word page upright, the notice says so).
// Fixtures made here from a generated text page (poppler, libtiff-tools).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { runJob, useTestDataDir } from '../support/api';
import { sampleDocPdf } from '../support/pdf-to-docx/make-pdfs';
import { makeScan, type ScanKind } from '../support/pdf-to-docx/make-scans';
import { pdftotext, wordRecall, words } from '../support/pdf-to-docx/measure';

useTestDataDir({ JOB_TIMEOUT_SECONDS: '180' });

let dir: string;
let page1: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-api-kinds-'));
  const src = await PDFDocument.load(await sampleDocPdf());
  const one = await PDFDocument.create();
  const [p] = await one.copyPages(src, [0]);
  one.addPage(p);
  page1 = path.join(dir, 'page1.pdf');
  fs.writeFileSync(page1, await one.save());
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function convertKind(kind: ScanKind) {
  const scan = path.join(dir, `${kind}.pdf`);
  await makeScan(page1, kind, scan);
  const r = await runJob('pdf/to_docx', [{ name: `${kind}.pdf`, data: fs.readFileSync(scan) }]);
  const docx = path.join(dir, `${kind}.docx`);
  fs.writeFileSync(docx, r.data);
  const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<\/w:p>/g)].map((m) => m[1] ?? '\n').join(' ');
  return { notice: String(r.processBody.notice ?? ''), xml, recall: wordRecall(words(pdftotext(page1)), words(text)) };
}

test('a bitonal CCITT G4 scan (300 dpi) is read by OCR, not reported as unreadable', async () => {
  const { notice, recall } = await convertKind('bitonal-g4-300');
  expect(notice).toMatch(/^Page 1 has no text layer \(scanned\) and was read by text recognition \(OCR\)/);
  expect(notice).not.toMatch(/nothing readable/);
  expect(recall).toBeGreaterThanOrEqual(0.9);
}, 300_000);

test('a page scanned sideways (no /Rotate) comes back upright, and the notice says it was turned', async () => {
  const { notice, xml, recall } = await convertKind('sideways-90');
  expect(notice).toMatch(/read by text recognition \(OCR\)/);
  expect(notice).toMatch(/Page 1 was scanned sideways or upside down and is turned upright\./);
  expect(recall).toBeGreaterThanOrEqual(0.9);
  // Letter portrait (the scan's page is landscape)
  expect(xml).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
}, 300_000);
