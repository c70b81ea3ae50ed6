// A scanned page is read in pieces by two tesseract threads at once: two columns are cut at their gutter, a
// title across them above them, a column between two of its lines; never across columns that run on. The
// pieces' readings join in page coordinates.
import sharp from 'sharp';
import { joinPieces, PAD, splitPage, type Piece } from './ocr-split';
import type { OcrLine, OcrPage } from './ocr';

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

/** A piece's picture: a binary PGM (P5, 8 bits), as tesseract.js is handed it. */
function pgm(image: Buffer): { width: number; height: number; data: Buffer } {
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString('latin1', 0, 40));
  if (!head) throw new Error('not a binary 8-bit PGM');
  const [width, height] = [Number(head[1]), Number(head[2])];
  const data = image.subarray(head[0].length);
  expect(data.length).toBe(width * height);
  return { width, height, data };
}

/** Each piece's part of the page (its margin taken off), and whether it runs on under the piece before it. */
const layout = (pieces: Piece[]) =>
  pieces.map((p) => {
    const m = pgm(p.image);
    return { x: p.x + PAD, y: p.y + PAD, w: m.width - 2 * PAD, h: m.height - 2 * PAD, below: p.below };
  });

/** The made page's pieces (it is cut), as `layout` gives them. */
async function piecesOf(blocks: Parameters<typeof page>[0]) {
  const pieces = await splitPage(await page(blocks));
  expect(pieces).not.toBeNull();
  return layout(pieces!);
}

const LEFT = { x0: 150, x1: 810 };
const RIGHT = { x0: 890, x1: 1550 };

test('two columns are cut at their gutter, each between two of its lines, left column first', async () => {
  const pieces = await piecesOf([
    { ...LEFT, from: 200, to: 2000 },
    { ...RIGHT, from: 200, to: 2000 },
  ]);
  expect(pieces).toHaveLength(4);
  const [lt, lb, rt, rb] = pieces;
  expect(rt.x).toBeGreaterThan(810);
  expect(rt.x).toBeLessThan(890);
  expect(lt.w + rt.w).toBe(W);
  // each column in two, the cut in a blank row between lines near its middle
  for (const [t, b] of [
    [lt, lb],
    [rt, rb],
  ]) {
    expect([t.y, t.below, b.below, b.x, b.w]).toEqual([0, false, true, t.x, t.w]);
    expect(t.h).toBe(b.y);
    expect(b.y + b.h).toBe(H);
    expect(b.y).toBeGreaterThan(800);
    expect(b.y).toBeLessThan(1400);
    expect((b.y - 200) % 40).toBeGreaterThanOrEqual(14); // not through a line
  }
});

test('a title across two columns is read on its own, then the columns', async () => {
  const pieces = await piecesOf([
    { x0: 400, x1: 1300, from: 150, to: 190 },
    { ...LEFT, from: 300, to: 2000 },
    { ...RIGHT, from: 300, to: 2000 },
  ]);
  expect(pieces.map((p) => [p.x === 0 && p.w === W, p.below])).toEqual([
    [true, false],
    [false, false],
    [false, true],
    [false, false],
    [false, true],
  ]);
  expect(pieces[0].h).toBeGreaterThan(190);
  expect(pieces[0].h).toBeLessThan(300);
});

test('one column is read in four pieces; little text is read whole', async () => {
  const pieces = await piecesOf([{ x0: 150, x1: 1550, from: 200, to: 2000 }]);
  expect(pieces.map((p) => [p.x, p.w, p.below])).toEqual([
    [0, W, false],
    [0, W, true],
    [0, W, true],
    [0, W, true],
  ]);
  expect(await splitPage(await page([{ x0: 150, x1: 1550, from: 200, to: 400 }]))).toBeNull();
});

test('a page whose columns run on is never cut across them', async () => {
  // two columns above and below a band across the page (a figure's caption): no full-height gutter
  const pieces = await piecesOf([
    { ...LEFT, from: 200, to: 980 },
    { ...RIGHT, from: 200, to: 980 },
    { x0: 150, x1: 1550, from: 1000, to: 1040 },
    { ...LEFT, from: 1080, to: 2000 },
    { ...RIGHT, from: 1080, to: 2000 },
  ]);
  // every cut across the whole page lies at the band, not between the columns' lines above it
  for (const p of pieces.filter((p) => p.w === W && p.y > 0)) {
    expect(p.y).toBeGreaterThan(960);
    expect(p.y).toBeLessThan(1080);
  }
  // the columns under the band come last, left then right
  const cols = pieces.filter((p) => p.w < W);
  expect(cols.length).toBeGreaterThanOrEqual(2);
  expect(cols.every((p) => p.y >= 1040)).toBe(true);
  expect(cols[0].x).toBe(0);
  expect(cols[cols.length - 1].x).toBeGreaterThan(810);
});

test('a table or a figure is not cut from the lines around it; pieces have a margin of paper', async () => {
  // 20 lines, a ruled box 480 px tall (a table), 12 lines: the blank band nearest the middle is the one
  // right above the box
  const raw = Buffer.from(
    await sharp(
      await page([
        { x0: 150, x1: 1550, from: 200, to: 1000 },
        { x0: 150, x1: 1550, from: 1520, to: 2000 },
      ]),
    )
      .greyscale()
      .raw()
      .toBuffer(),
  );
  for (let y = 1020; y < 1500; y++) for (const x of [150, 151, 800, 801, 1548, 1549]) raw[y * W + x] = 0;
  for (const y of [1020, 1021, 1498, 1499]) raw.fill(0, y * W + 150, y * W + 1550);
  const pieces = (await splitPage(
    await sharp(raw, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer(),
  ))!;
  const parts = layout(pieces);
  expect(parts.length).toBeGreaterThan(1);
  // cuts lie between lines of text, a line or more away from the box
  for (const p of parts.slice(1)) expect(p.y < 940 || p.y > 1560).toBe(true);
  for (const p of pieces) {
    const { data, width, height } = pgm(p.image);
    for (let x = 0; x < width; x++) expect(Math.min(data[x], data[(height - 1) * width + x])).toBe(255);
  }
});

const line = (text: string, para: number, y = 42): OcrLine => ({
  words: [{ text, x0: 10, y0: y, x1: 30, y1: y + 8, conf: 90 }],
  baseline: y + 8,
  size: 10,
  para,
  bold: false,
  italic: false,
});

test("each piece's words move by its place; a piece under another runs on its last paragraph", () => {
  const reading = (lines: OcrLine[], confidence: number): OcrPage => ({ lines, confidence });
  const page = joinPieces(
    [
      reading([line('top', 1), line('end', 2, 60)], 80),
      reading([line('on', 1), line('new', 2, 60)], 90),
      reading([line('right', 1)], 90),
    ],
    [
      { x: 0, y: 0, below: false },
      { x: 0, y: 500, below: true },
      { x: 600, y: 0, below: false },
    ],
    0.5,
  );
  expect(page.lines.map((l) => [l.words[0].text, l.words[0].x0, l.words[0].y0, l.baseline, l.para])).toEqual([
    ['top', 10, 42, 50, 1],
    ['end', 10, 60, 68, 2],
    ['on', 10, 292, 300, 2],
    ['new', 10, 310, 318, 3],
    ['right', 310, 42, 50, 4],
  ]);
  expect(page.confidence).toBe(86);
  // a piece under one that read nothing starts a paragraph of its own
  const after = joinPieces(
    [reading([line('title', 1)], 90), reading([], 0), reading([line('lower', 1)], 90)],
    [
      { x: 0, y: 0, below: false },
      { x: 0, y: 300, below: false },
      { x: 0, y: 600, below: true },
    ],
    0.5,
  );
  expect(after.lines.map((l) => [l.words[0].text, l.para])).toEqual([
    ['title', 1],
    ['lower', 2],
  ]);
});

test('each piece knows the width of its ink: a column of page numbers is a narrow one', async () => {
  // running text on the left, a column of short numbers far right (a contents page without leaders)
  const pieces = await splitPage(
    await page([
      { x0: 150, x1: 1100, from: 200, to: 2000 },
      { x0: 1450, x1: 1490, from: 200, to: 2000 },
    ]),
  );
  expect(pieces).not.toBeNull();
  const right = pieces!.filter((p) => p.x + PAD > 1100);
  expect(right.length).toBeGreaterThan(0);
  for (const p of right) expect(p.width).toBeLessThanOrEqual(45);
  for (const p of pieces!.filter((q) => q.x + PAD < 1100)) expect(p.width).toBeGreaterThan(900);
});
