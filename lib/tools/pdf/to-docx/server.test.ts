import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAppError } from '@/lib/core/errors';
import { run as toDocx } from './server';
import {
  LEFT_COLUMN,
  LINK_URL,
  RIGHT_COLUMN,
  TABLE,
  rotatedPdf,
  sampleDocPdf,
} from '@/tests/support/pdf-to-docx/make-pdfs';
import { docxToPdf, pairRecall, pdftotext, visibleText, wordRecall, words } from '@/tests/support/pdf-to-docx/measure';
import { corpusFiles, corpusPath, describeCorpus, hasCorpus } from '@/tests/support/corpus';
import { closeWarmReader } from './ocr';
import { runsText } from '@/tests/support/pdf-to-docx/docx-parts';

let dir: string;
const converted = new Map<string, { docx: string; notice?: string; pdf?: string }>();

async function run(file: string) {
  const workDir = fs.mkdtempSync(path.join(dir, 'job-'));
  return toDocx(
    [{ path: file, name: path.basename(file), size: fs.statSync(file).size, kind: 'pdf' }],
    {},
    { workDir },
  );
}

const zipEntry = (docx: string, entry: string): string =>
  execFileSync('unzip', ['-p', docx, entry], { encoding: 'utf8', maxBuffer: 1 << 26 });
const zipList = (docx: string): string => execFileSync('unzip', ['-l', docx], { encoding: 'utf8' });

const GOOD = ['jverein-Rechnung.pdf', 'pdfjs-prefilled_f1040.pdf', 'qtpdf5-test.pdf', 'ocrmypdf-c02-22-scan.pdf'];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-todocx-'));
  const sample = path.join(dir, 'sample.pdf');
  fs.writeFileSync(sample, await sampleDocPdf());
  const rotated = path.join(dir, 'rotated.pdf');
  fs.writeFileSync(rotated, await rotatedPdf());
  const inputs = [sample, rotated, ...(hasCorpus ? GOOD.map((f) => corpusPath('pdf', f)).filter(fs.existsSync) : [])];
  for (const f of inputs) {
    const out = await run(f);
    const docx = path.join(dir, `${path.basename(f, '.pdf')}.docx`);
    fs.copyFileSync(out.path, docx);
    converted.set(f, { docx, notice: out.notice });
  }
  // One LibreOffice run for every document (an independent reader of the DOCX).
  const entries = [...converted.values()];
  docxToPdf(entries.map((e) => e.docx)).forEach((pdf, i) => {
    entries[i].pdf = pdf;
  });
}, 240_000);
// the runner's warm tesseract threads would keep Jest's process alive until their idle time ends
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await closeWarmReader();
});

describe('PDF to Word', () => {
  const sample = () => [...converted.entries()].find(([f]) => f.endsWith('sample.pdf'))!;

  it('keeps every word, reads the left column before the right one, and keeps the title bold and centred', () => {
    const [file, r] = sample();
    expect(r.notice).toBeUndefined();
    const got = words(pdftotext(r.pdf!));
    const ref = words(visibleText(file));
    expect(wordRecall(ref, got)).toBe(1);
    const text = pdftotext(r.pdf!).replace(/\s+/g, ' ');
    const at = (s: string) => text.indexOf(s.replace(/\s+/g, ' '));
    expect(at(LEFT_COLUMN[0])).toBeGreaterThanOrEqual(0);
    // Each column's lines were joined into one flowing paragraph, left column first.
    expect(at(LEFT_COLUMN[2].slice(0, 20))).toBeLessThan(at(RIGHT_COLUMN[0].slice(0, 20)));
    expect(at(RIGHT_COLUMN[0].slice(0, 20))).toBeLessThan(at(RIGHT_COLUMN[2].slice(0, 20)));
    const xml = zipEntry(r.docx, 'word/document.xml');
    expect(xml).toMatch(/<w:jc w:val="center"\/>(?:(?!<\/w:p>).)*<w:b\/>(?:(?!<\/w:p>).)*Quarterly Field Report/s);
    // flowing text: the three lines of a column are one paragraph, not three
    const paras = xml
      .split('</w:p>')
      .filter((p) => p.includes('Alpha column') || p.includes('closes the first paragraph'));
    expect(paras).toHaveLength(1);
  });

  it('writes one section per page with the page size, the table, the image, the link and the colours', () => {
    const [, r] = sample();
    const xml = zipEntry(r.docx, 'word/document.xml');
    const sizes = [...xml.matchAll(/<w:pgSz [^>]*w:w="(\d+)"[^>]*w:h="(\d+)"/g)].map((m) => [+m[1], +m[2]]);
    expect(sizes).toEqual([
      [12240, 15840],
      [12240, 15840],
    ]);
    // the two columns sit side by side in a borderless layout table; the ruled table is a real table
    const tables = xml
      .split('<w:tbl>')
      .slice(1)
      .map((t) => t.split('</w:tbl>')[0]);
    expect(tables).toHaveLength(2);
    expect(tables[0]).toMatch(/Alpha column(?:(?!<w:tc>).)*<\/w:tc><w:tc>.*Bravo column/s);
    expect(tables[0]).not.toMatch(/<w:insideV w:val="single"/);
    const rows = tables[1]
      .split('<w:tr>')
      .slice(1)
      .map((row) => runsText(row, ' '));
    expect(rows.map((r0) => r0.trim())).toEqual(TABLE.map((row) => row.join(' ')));
    expect(zipList(r.docx)).toMatch(/word\/media\/\S+\.(jpg|jpeg|png)/);
    const rels = zipEntry(r.docx, 'word/_rels/document.xml.rels');
    expect(rels).toContain(`Target="${LINK_URL}"`);
    expect(xml).toMatch(/<w:hyperlink [^>]*r:id=/);
    expect(xml).toMatch(
      /<w:i\/>(?:(?!<\/w:r>).)*<w:color w:val="CC1A1A"\/>|<w:color w:val="CC1A1A"\/>(?:(?!<\/w:r>).)*italic red caption/is,
    );
    // LibreOffice lays it out on two pages, as the original
    expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [r.pdf!], { encoding: 'utf8' }))![1])).toBe(2);
  });
});

describe('PDF to Word page geometry', () => {
  it('keeps landscape and /Rotate pages as they are shown, with their text', () => {
    const [file, r] = [...converted.entries()].find(([f]) => f.endsWith('rotated.pdf'))!;
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '2', r.pdf!], { encoding: 'utf8' });
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => [
      Math.round(+m[1]),
      Math.round(+m[2]),
    ]);
    expect(sizes).toEqual([
      [792, 612],
      [792, 612],
    ]);
    expect(wordRecall(words(pdftotext(file)), words(pdftotext(r.pdf!)))).toBe(1);
  });
});

describeCorpus('PDF to Word on real files', () => {
  it.each(GOOD)('%s: the text comes through (word recall vs pdftotext) on as many pages', (name) => {
    const file = corpusPath('pdf', name);
    const r = converted.get(file)!;
    const ref = words(visibleText(file));
    const got = words(pdftotext(r.pdf!));
    if (ref.length === 0) {
      // a scan without a text layer: read by OCR (or named as unreadable), the scan kept behind the text
      expect(r.notice).toMatch(/no text layer.*(read by text recognition \(OCR\)|nothing readable)/);
      expect(zipList(r.docx)).toMatch(/word\/media\//);
    } else {
      expect(wordRecall(ref, got)).toBeGreaterThan(0.97);
      expect(pairRecall(ref, got)).toBeGreaterThan(0.75);
    }
    // One Word page per PDF page, dense forms included (their lines are framed at their places).
    const pagesOf = (f: string) =>
      Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))![1]);
    expect(pagesOf(r.pdf!)).toBe(pagesOf(file));
  });

  const bad = corpusFiles('bad', '.pdf');
  it.each(bad.map((f) => [path.basename(f), f]))('%s: a clear error or a document', async (_n, file) => {
    try {
      const out = await run(file);
      expect(fs.readFileSync(out.path).subarray(0, 2).toString()).toBe('PK');
    } catch (e) {
      expect(isAppError(e)).toBe(true);
      expect((e as Error).message).toContain(`"${path.basename(file)}"`);
      if (/protected|pass|aes|r6/i.test(path.basename(file)))
        expect((e as Error).message).toMatch(/password-protected/);
    }
  });

  it('converts bad/shattered-1.pdf (a valid file)', async () => {
    const out = await run(corpusPath('bad', 'shattered-1.pdf'));
    expect(zipEntry(out.path, 'word/document.xml')).toContain('<w:body>');
  });
});
