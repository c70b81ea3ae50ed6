// A scanned page with two text columns is cut at its gutter (two tesseract threads read it at once); a page
// with a title across, or one column, is not; the halves' readings join in page coordinates.
import sharp from 'sharp';
import { joinHalves, splitColumns } from './ocr-split';
import type { OcrPage } from './ocr';

const W = 1700; // a letter page at 200 dpi
const H = 2200;

/** Text-like rows of dashes in the given x ranges, every 40 px from `from` to `to`. */
async function page(blocks: { x0: number; x1: number; from: number; to: number }[]): Promise<Buffer> {
  const raw = Buffer.alloc(W * H, 255);
  for (const b of blocks)
    for (let y = b.from; y < b.to; y += 40)
      for (let yy = y; yy < y + 14; yy++) for (let x = b.x0; x < b.x1; x++) if (x % 12 < 8) raw[yy * W + x] = 0;
  return sharp(raw, { raw: { width: W, height: H, channels: 1 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test('two columns are cut in their gutter; a title across them or a single column is not cut', async () => {
  const cols = await page([
    { x0: 150, x1: 810, from: 200, to: 2000 },
    { x0: 890, x1: 1550, from: 200, to: 2000 },
  ]);
  const halves = await splitColumns(cols);
  expect(halves).not.toBeNull();
  expect(halves!.cut).toBeGreaterThan(810);
  expect(halves!.cut).toBeLessThan(890);
  const left = await sharp(halves!.left).metadata();
  const right = await sharp(halves!.right).metadata();
  expect(left.width! + right.width!).toBe(W);
  expect(left.height).toBe(H);

  const titled = await page([
    { x0: 400, x1: 1300, from: 150, to: 190 },
    { x0: 150, x1: 810, from: 300, to: 2000 },
    { x0: 890, x1: 1550, from: 300, to: 2000 },
  ]);
  expect(await splitColumns(titled)).toBeNull();
  expect(await splitColumns(await page([{ x0: 150, x1: 1550, from: 200, to: 2000 }]))).toBeNull();
});

test("the right half's words move by the cut and keep paragraphs of their own", () => {
  const half = (text: string): OcrPage => ({
    lines: [
      {
        words: [{ text, x0: 10, y0: 42, x1: 30, y1: 50, conf: 90 }],
        baseline: 50,
        size: 10,
        para: 1,
        bold: false,
        italic: false,
      },
    ],
    confidence: text === 'left' ? 80 : 90,
  });
  const page = joinHalves(half('left'), half('right'), 300);
  expect(page.lines.map((l) => [l.words[0].text, l.words[0].x0, l.words[0].x1, l.para])).toEqual([
    ['left', 10, 30, 1],
    ['right', 310, 330, 2],
  ]);
  expect(page.confidence).toBe(85);
});
