// Kinds of real scans (issue 19): bitonal CCITT G4 and JPEG 2000 at 300 dpi (pdf.js decodes them only with its wasm
// decoders' path), a sheet fed sideways or upside down with no /Rotate (turned upright), a skewed sheet
// (the picture as scanned, the text following its tilt), a sheet photographed under uneven light, a
// photocopy with black borders and punched holes. Fixtures
// are made here from a generated text page (tests/support/pdf-to-docx/make-scans.ts; poppler and
// libtiff-tools).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertPdf } from './convert';
import { closeWarmReader, type OcrLine } from './ocr';
import sharp from 'sharp';
import { levelOrSlope, readingStats, readUpright, skewOf, turnsToTry } from './ocr-orient';
import { sampleDocPdf } from '@/tests/support/pdf-to-docx/make-pdfs';
import { makeScan } from '@/tests/support/pdf-to-docx/make-scans';
import { paragraphsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { pdftotext, wordRecall, words } from '@/tests/support/pdf-to-docx/measure';

let dir: string;
let page1: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-kinds-'));
  const two = path.join(dir, 'sample.pdf');
  fs.writeFileSync(two, await sampleDocPdf());
  page1 = path.join(dir, 'page1.pdf');
  execFileSync('qpdf', [two, '--pages', '.', '1', '--', page1]);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await closeWarmReader();
});

const docxXml = (docx: Buffer): string => {
  const f = path.join(dir, `t-${Math.random().toString(36).slice(2)}.docx`);
  fs.writeFileSync(f, docx);
  return execFileSync('unzip', ['-p', f, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 1 << 26 });
};
const pageSizes = (xml: string) => [...xml.matchAll(/<w:pgSz w:w="(\d+)" w:h="(\d+)"/g)].map((m) => [+m[1], +m[2]]);

async function convertKind(kind: Parameters<typeof makeScan>[1], src = page1) {
  const scan = path.join(dir, `${kind}.pdf`);
  await makeScan(src, kind, scan);
  if (kind !== 'ocr-text-layer') expect(pdftotext(scan).trim()).toBe('');
  const r = await convertPdf(scan, `${kind}.pdf`);
  const xml = docxXml(r.docx);
  return { r, xml, recall: wordRecall(words(pdftotext(src)), words(paragraphsText(xml))) };
}

test.each([
  ['bitonal-g4-300', 'bitonal CCITT G4'],
  ['grey-jpx-300', 'grey JPEG 2000'],
] as const)(
  'a %s scan (%s, 300 dpi) is rendered and read (it was white paper: no wasm path)',
  async (kind, _how) => {
    const { r, recall } = await convertKind(kind);
    expect(r.ocrPages).toEqual([1]);
    expect(r.unreadablePages).toEqual([]);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  },
  180_000,
);

test.each([
  ['sideways-90', 'fed sideways'],
  ['upside-down-180', 'upside down'],
] as const)(
  'a page scanned %s (%s), no /Rotate: read upright, the DOCX page upright',
  async (kind, _how) => {
    const { r, xml, recall } = await convertKind(kind);
    expect(r.ocrPages).toEqual([1]);
    expect(r.turnedPages).toEqual([1]);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    // Letter portrait, as the page was before it was scanned
    expect(pageSizes(xml)).toEqual([[12240, 15840]]);
  },
  180_000,
);

test('a page photographed under uneven light (its far corner half as light) is read whole', async () => {
  const { r, recall } = await convertKind('uneven-light');
  expect(r.ocrPages).toEqual([1]);
  expect(recall).toBeGreaterThanOrEqual(0.95);
}, 180_000);

test('a photocopy with black borders and punched holes is read whole, nothing read from them', async () => {
  // (both pages: the second's table lost a row by the border, 0.938 before borders and holes were taken off)
  const { r, xml, recall } = await convertKind('photocopy', path.join(dir, 'sample.pdf'));
  expect(r.ocrPages).toEqual([1, 2]);
  expect(recall).toBeGreaterThanOrEqual(0.97);
  // a hole or a border's edge read as text gives a stray bracket or bar
  expect(paragraphsText(xml)).not.toMatch(/[()|[\]{}]/);
}, 180_000);

test('a skewed scan: the page as scanned, its words lowered along the tilted lines; not turned', async () => {
  const { r, xml, recall } = await convertKind('skew-1.5');
  expect(r.turnedPages).toEqual([]);
  expect(recall).toBeGreaterThanOrEqual(0.9);
  // turned clockwise: along each line the words to the right sit lower (negative w:position), those to the
  // left higher; over a 6-inch line at 1.5 degrees that is several points each way
  const pos = [...xml.matchAll(/<w:position w:val="(-?\d+)"\/>/g)].map((m) => +m[1] / 2);
  expect(Math.min(...pos)).toBeLessThan(-2);
  expect(Math.max(...pos)).toBeGreaterThan(2);
}, 180_000);

test('an upright scan gets level lines (no position on any word)', async () => {
  const { xml } = await convertKind('grey-300');
  expect(xml).not.toMatch(/<w:position /);
}, 180_000);

test("a scan with an invisible text layer (OCRmyPDF): the scan kept, its layer's words set over it, no OCR", async () => {
  const { r, xml, recall } = await convertKind('ocr-text-layer');
  expect(r.scannedPages).toEqual([1]);
  expect(r.ocrPages).toEqual([]);
  expect(recall).toBeGreaterThanOrEqual(0.98);
  // the page picture (the layout used to drop it as a background) and framed lines over it
  expect(xml).toMatch(/<pic:pic\b/);
  expect(xml).toMatch(/<w:framePr\b/);
}, 180_000);

const line = (y: number, slope: number, n = 4): OcrLine => ({
  words: Array.from({ length: n }, (_, i) => {
    const x0 = 72 + i * 60;
    const yc = y + slope * (x0 + 25 - 72);
    return {
      text: `word${i}`,
      x0,
      x1: x0 + 50,
      y0: yc - 6 - 25 * Math.abs(slope),
      y1: yc + 6 + 25 * Math.abs(slope),
      conf: 95,
    };
  }),
  baseline: y + slope * 120 + 4,
  slope,
  size: 12,
  para: 1,
  bold: false,
  italic: false,
});

test('skew from the baselines: the median slope, given to every line; a level page gets none', () => {
  const t = Math.tan((1.5 * Math.PI) / 180);
  const lines = [line(100, t), line(130, t * 1.2), line(160, t * 0.9), line(190, -t, 1)];
  expect(skewOf(lines)).toBeCloseTo(1.5, 5);
  expect(skewOf([line(100, 0), line(130, 0), line(160, 0)])).toBe(0);
  // too few lines to tell
  expect(skewOf([line(100, t), line(130, t)])).toBe(0);
  const sloped = levelOrSlope(lines);
  expect(sloped.skew).toBeCloseTo(1.5, 5);
  for (const l of sloped.lines) expect(l.slope).toBeCloseTo(t, 8);
  const level = levelOrSlope([line(100, 0.001), line(130, 0.002), line(160, 0.001)]);
  expect(level.skew).toBe(0);
  for (const l of level.lines) expect(l.slope).toBeUndefined();
});

test('which turns to try: none for a clean upright reading; sideways lines by how well they read', () => {
  const page = (n: number, conf: number, tall: boolean) => ({
    lines: [
      {
        ...line(100, 0, n),
        words: line(100, 0, n).words.map((w) => (tall ? { ...w, x1: w.x0 + 10, y1: w.y0 + 50, conf } : { ...w, conf })),
      },
    ],
    confidence: conf,
  });
  expect(turnsToTry(readingStats(page(8, 95, false)))).toEqual([]);
  expect(turnsToTry(readingStats(page(8, 40, false)))).toEqual([180]);
  expect(turnsToTry(readingStats(page(8, 95, true)))).toEqual([270, 90]);
  expect(turnsToTry(readingStats(page(8, 40, true)))).toEqual([90, 270]);
  // two words: too little to judge (a photo with a caption)
  expect(turnsToTry(readingStats(page(2, 40, false)))).toEqual([]);
});

test('upside down? a band of the page is read turned over, its two halves at once, before the whole page', async () => {
  const W = 800;
  const H = 1200;
  const image = await sharp({ create: { width: W, height: H, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const reading = (n: number, conf: number) => ({
    lines: [{ ...line(400, 0, n), words: line(400, 0, n).words.map((w) => ({ ...w, conf })) }],
    confidence: conf,
  });
  const sizes: string[] = [];
  let pending = 0;
  let most = 0;
  const read = async (img: Uint8Array) => {
    const m = await sharp(img).metadata();
    sizes.push(`${m.width}x${m.height}`);
    pending++;
    most = Math.max(most, pending);
    await new Promise((r) => setTimeout(r, 20));
    pending--;
    // poor as it is (upside down), good once turned
    return sizes.length === 1 ? reading(8, 40) : reading(4, 95);
  };
  const up = await readUpright(image, 144, read);
  expect(up.turn).toBe(180);
  // the page, the band's halves (a sixth of the page high), the page turned over
  expect(sizes).toEqual(['800x1200', '400x200', '400x200', '800x1200']);
  expect(most).toBe(2);
});
