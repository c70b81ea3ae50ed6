// Vector drawings and page count (issue 19) on a generated datasheet, read back by LibreOffice: the logo and
// the diagram come as pictures on the page where they were, at their size and >= 200 dpi; their labels are
// editable text over the picture, which is rendered without them (once, not doubled); a page-sized background does not become a picture or double
// text; a table ending near the bottom keeps the page count (3 PDF pages -> 3 Word pages).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { convertPdf } from './convert';
import { DRAWING_PAGE_TEXT, drawingsPdf } from '@/tests/support/pdf-to-docx/make-pdfs';
import { docxToPdf, pdftotext, wordRecall, words } from '@/tests/support/pdf-to-docx/measure';

let dir: string;
let docx: string;
let readBack: string;
let source: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-draw-'));
  source = path.join(dir, 'datasheet.pdf');
  fs.writeFileSync(source, await drawingsPdf());
  const r = await convertPdf(source, 'datasheet.pdf');
  docx = path.join(dir, 'datasheet.docx');
  fs.writeFileSync(docx, r.docx);
  [readBack] = docxToPdf([docx]);
}, 240_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const pages = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);

test('keeps the page count and the text', () => {
  expect(pages(readBack)).toBe(3);
  const ref = words(pdftotext(source));
  expect(wordRecall(ref, words(pdftotext(readBack)))).toBeGreaterThanOrEqual(0.98);
  // the tinted page's text once, not twice
  const tinted = execFileSync('pdftotext', ['-f', '2', '-l', '2', readBack, '-'], { encoding: 'utf8' });
  expect(tinted.match(/keep the input capacitor/g)).toHaveLength(10);
});

test('the logo and the diagram are pictures on page 1 at their size, rendered at >= 200 dpi', async () => {
  const list = execFileSync('pdfimages', ['-list', readBack], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c[2] === 'image')
    .map((c) => ({ page: Number(c[0]), w: Number(c[3]), h: Number(c[4]), xppi: Number(c[12]) }));
  const onPage1 = list.filter((i) => i.page === 1);
  expect(onPage1.length).toBe(2);
  expect(list.filter((i) => i.page !== 1)).toEqual([]);
  for (const img of onPage1) expect(img.xppi).toBeGreaterThanOrEqual(195);
  // the diagram spans about 120..420 pt wide: its picture is shown about that wide (pixels / ppi * 72)
  const widest = onPage1.reduce((a, b) => (a.w / a.xppi > b.w / b.xppi ? a : b));
  expect((widest.w / widest.xppi) * 72).toBeGreaterThan(280);
  expect((widest.w / widest.xppi) * 72).toBeLessThan(340);
  // the diagram's labels are editable text, once
  const text = pdftotext(readBack);
  expect(text).toContain(DRAWING_PAGE_TEXT);
  expect(text.match(/\bR1\b/g)).toHaveLength(1);
  expect(text.match(/\bOUT\b/g)).toHaveLength(1);
  const media = execFileSync('unzip', ['-Z1', docx], { encoding: 'utf8' })
    .split('\n')
    .filter((n) => n.startsWith('word/media/'));
  expect(media.length).toBe(2);
  let diagram: { data: Buffer; w: number } | null = null;
  for (const m of media) {
    const data = execFileSync('unzip', ['-p', docx, m], { maxBuffer: 1 << 26 });
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('png');
    if (!diagram || meta.width! > diagram.w) diagram = { data, w: meta.width! };
  }
  // ...and not drawn into the picture: where "R1" sits (x 160-173 pt, 174-183 pt from the top; the
  // picture starts about 117 pt, 169 pt at 220 dpi) it is blank, while the zig-zag below it is drawn.
  const grey = (left: number, top: number) =>
    sharp(diagram!.data).extract({ left, top, width: 30, height: 20 }).greyscale().raw().toBuffer();
  expect(Math.min(...(await grey(135, 18)))).toBeGreaterThan(200);
  expect(Math.min(...(await grey(60, 60)))).toBeLessThan(100);
});
