// A ruled page is cut at a rule across its whole text, followed as it slopes on a skewed scan; each part
// keeps only what lies on its side of the rule. Cell borders, thick bars and rules near an end are not cuts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { closeWarmReader, PageReader } from './ocr';
import { partsAt, ruleAt, ruleCut, rulesAcross } from './ocr-ruled';
import { greyPage, PAD, splitPage } from './ocr-split';

const W = 1700; // a letter page at 200 dpi
const H = 2200;
const X0 = 150;
const X1 = 1550;

/** A form: rows of cells 100 px tall from y 200 to 2000, each row's top rule `thick` px and sloping
 * `slope` px per px, a vertical rule every 350 px, and a line of text-like dashes in each cell. */
function form({ slope = 0, thick = 3 } = {}): Buffer {
  const raw = Buffer.alloc(W * H, 255);
  const at = (x: number, y: number) => Math.round(y + slope * (x - X0));
  for (let y = 200; y <= 2000; y += 100)
    for (let x = X0; x < X1; x++) for (let t = 0; t < thick; t++) raw[at(x, y + t) * W + x] = 0;
  for (let x = X0; x < X1; x += 350) for (let y = 200; y < 2000; y++) raw[at(x, y) * W + x] = 0;
  for (let y = 240; y < 2000; y += 100)
    for (let x = X0 + 20; x < X1 - 20; x++)
      if (x % 12 < 8 && x % 350 > 40) for (let t = 0; t < 14; t++) raw[at(x, y + t) * W + x] = 0;
  return raw;
}

const text = { x0: X0, x1: X1, first: 200, last: 2002 };

test('every rule across the form is found, a cell border is not', () => {
  const rules = rulesAcross(form(), W, 128, X0, X1, 200);
  expect(rules.map((r) => Math.min(...r.tops))).toEqual(Array.from({ length: 19 }, (_, i) => 200 + 100 * i));
  expect(rules.every((r) => Math.max(...r.bottoms) - Math.min(...r.tops) === 2)).toBe(true);
  // a rule under half the row's cells is not one across
  const half = Buffer.alloc(W * H, 255);
  half.fill(0, 1000 * W + X0, 1000 * W + 800);
  expect(rulesAcross(half, W, 128, X0, X1, 200)).toEqual([]);
});

test('the cut is the rule nearest the middle, followed along a skewed scan', () => {
  const straight = ruleCut(form(), W, 128, text, 200)!;
  expect(Math.min(...straight.tops)).toBe(1100);
  // 1.5 degrees: the rule drops 37 px across the text, and is followed across
  const slope = Math.tan((1.5 * Math.PI) / 180);
  const skewed = ruleCut(form({ slope }), W, 128, text, 200)!;
  expect(skewed).not.toBeNull();
  for (const x of [200, 800, 1500])
    expect(Math.abs(ruleAt(skewed, 'tops', x) - (1100 + slope * (x - X0)))).toBeLessThan(2);
  // nothing across the middle 40 %: no cut
  const few = form();
  few.fill(255, 700 * W, 1500 * W);
  expect(ruleCut(few, W, 128, text, 200)).toBeNull();
});

test('a bar thicker than a rule is not cut (it may hold light lettering)', () => {
  const bar = form({ thick: 12 });
  expect(ruleCut(bar, W, 128, text, 200)).toBeNull();
});

test('each part has what lies on its side of the rule, the rule itself paper', () => {
  const slope = Math.tan((1 * Math.PI) / 180);
  const page = form({ slope });
  const rule = ruleCut(page, W, 128, text, 200)!;
  const [above, below] = partsAt(page, W, rule, 255);
  expect(above.y).toBe(0);
  expect(below.y + below.h).toBe(H);
  // (a part is its rows of its copy of the page)
  type Part = typeof above;
  const dark = (p: Part, x: number, y: number) => y >= p.y && y < p.y + p.h && p.data[y * W + x] < 128;
  for (const x of [300, 1000, 1500]) {
    const top = Math.round(ruleAt(rule, 'tops', x));
    // the text line above the rule (at -60..-46) stays above, the one under it (+40..+54) below
    const textAt = (dy: number) => Math.round(top + dy);
    const inked = (p: Part, dy: number) => [...Array(12).keys()].some((i) => dark(p, x + i, textAt(dy)));
    expect([inked(above, -55), inked(above, 45)]).toEqual([true, false]);
    expect([inked(below, -55), inked(below, 45)]).toEqual([false, true]);
    for (let dy = -1; dy <= 3; dy++)
      expect([dark(above, x, top + dy), dark(below, x, top + dy)]).toEqual([false, false]);
  }
});

test('splitPage reads a form in two pieces at its middle rule', async () => {
  const png = await sharp(form({ slope: 0.01 }), { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
  const pieces = (await splitPage(png, undefined, 200))!;
  expect(pieces).toHaveLength(2);
  expect(pieces.map((p) => [p.x, p.below])).toEqual([
    [-PAD, false],
    [-PAD, false],
  ]);
  // the lower piece starts at the rule's top, which drops from 1100 to 1114 across the text
  expect(pieces[1].y + PAD).toBeGreaterThanOrEqual(1097);
  expect(pieces[1].y + PAD).toBeLessThanOrEqual(1101);
});

const WORDS = ['apple', 'river', 'stone', 'garden', 'window', 'letter', 'silver', 'market', 'planet', 'forest'];

/** A letter page with a ruled table of 20 rows by 3 cells, a different pair of words in each cell,
 * rendered at 200 dpi and tilted by `deg` (a scan's skew), as tesseract.js is given a page. */
async function formScan(deg: number): Promise<{ png: Buffer; cells: string[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const cells: string[] = [];
  for (let r = 0; r <= 20; r++)
    page.drawLine({ start: { x: 54, y: 700 - 30 * r }, end: { x: 558, y: 700 - 30 * r }, thickness: 1 });
  for (const x of [54, 222, 390, 558]) page.drawLine({ start: { x, y: 700 }, end: { x, y: 100 }, thickness: 1 });
  for (let r = 0; r < 20; r++)
    for (let c = 0; c < 3; c++) {
      const text = `${WORDS[(r + c) % 10]} ${WORDS[(r * 3 + c + 5) % 10]} ${r * 3 + c + 1}`;
      cells.push(text);
      page.drawText(text, { x: 62 + 168 * c, y: 680 - 30 * r, size: 11, font });
    }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-ruled-'));
  try {
    fs.writeFileSync(path.join(dir, 'f.pdf'), await doc.save());
    execFileSync('pdftoppm', [
      '-r',
      '200',
      '-gray',
      '-png',
      '-singlefile',
      path.join(dir, 'f.pdf'),
      path.join(dir, 'f'),
    ]);
    const png = await sharp(path.join(dir, 'f.png')).rotate(deg, { background: '#fff' }).png().toBuffer();
    return { png, cells };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

afterAll(() => closeWarmReader());

test.each([0, 0.8])(
  'a ruled form tilted %s degrees is read in two parts: every cell once, the top part first',
  async (deg) => {
    const { png, cells } = await formScan(deg);
    expect(await splitPage(png, await greyPage(png), 200)).toHaveLength(2);
    const reader = new PageReader(undefined, 2);
    try {
      const read = (await reader.read(png, 200)).lines.flatMap((l) => l.words.map((w) => w.text)).join(' ');
      const got = read.split(/\s+/);
      const want = cells.join(' ').split(' ');
      const found = want.filter((w) => got.includes(w));
      expect(found.length / want.length).toBeGreaterThanOrEqual(0.95);
      // no word read twice across the cut (the numbers are the cells', each once)
      for (let n = 1; n <= 60; n++) expect(got.filter((w) => w === String(n)).length).toBeLessThanOrEqual(1);
      // the top half's cells come before the bottom half's
      expect(got.indexOf('2')).toBeLessThan(got.indexOf('59'));
    } finally {
      await reader.close();
    }
  },
  120_000,
);
