// Dot leaders are taken off a scanned page before it is read, and a contents page is read as one block of
// lines: each title with its page number, no leader read as letters.
import sharp from 'sharp';
import { findLeaders, titledShare, withoutLeaders, type Leader } from './ocr-leaders';
import { greyPage, PAD } from './ocr-split';
import { PageReader, type OcrPage } from './ocr';

const DPI = 200;
const W = 1700; // a letter page at 200 dpi
const H = 2200;
const ENTRIES: [string, string][] = [
  ['Installation', '3'],
  ['Binary distributions', '5'],
  ['Compiling from source', '8'],
  ['Drawing commands', '14'],
  ['Bezier curves', '22'],
  ['Programming', '24'],
  ['Data types', '31'],
  ['Frames and pictures', '47'],
];
const END = 1380; // where every leader ends, before the right-aligned page numbers

/** A contents page: titles, leaders of dots 12 px apart (TeX's 4.5 pt at 200 dpi) ending at `end`,
 * page numbers right-aligned 100 px further; `extra` is more SVG. */
async function contentsPage(extra = '', end = END): Promise<Buffer> {
  const rows = ENTRIES.map(([title, n], i) => {
    const y = 300 + i * 60;
    const start = 200 + title.length * 19 + 20; // past the title (serif, 36 px: ~17 px a letter)
    let dots = '';
    for (let x = start; x <= end; x += 12) dots += `<rect x="${x}" y="${y - 4}" width="4" height="4"/>`;
    return `<text x="200" y="${y}">${title}</text>${dots}<text x="${end + 100}" y="${y}" text-anchor="end">${n}</text>`;
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="white"/>` +
    `<g font-family="DejaVu Serif" font-size="36" fill="black">${rows.join('')}${extra}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** An index: the contents page's entries in two columns, the left one's leaders ending at 700 and its
 * numbers at 800, the right one's (x 900-1550) ending at 1450. */
async function indexPage(): Promise<Buffer> {
  const right = ENTRIES.map(([title, n], i) => {
    const y = 300 + i * 60;
    let dots = '';
    for (let x = 900 + title.length * 19 + 20; x <= 1450; x += 12)
      dots += `<rect x="${x}" y="${y - 4}" width="4" height="4"/>`;
    return `<text x="900" y="${y}">${title}</text>${dots}<text x="1550" y="${y}" text-anchor="end">${n}</text>`;
  });
  return contentsPage(right.join(''), 700);
}

const grey = async (image: Buffer) => {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, W: info.width, H: info.height };
};

/** A PGM's pixels. */
function pgmPixels(image: Buffer): Buffer {
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString('latin1', 0, 40));
  if (!head) throw new Error('not a binary 8-bit PGM');
  expect([Number(head[1]), Number(head[2])]).toEqual([W, H]);
  return image.subarray(head[0].length);
}

const darkIn = (px: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (px[y * W + x] < 128) n++;
  return n;
};

test('each row of evenly spaced dots is a leader, from its first dot to its last', async () => {
  const g = await grey(await contentsPage());
  const { leaders, dots } = findLeaders(g.data, g.W, g.H, 128, DPI);
  expect(leaders).toHaveLength(ENTRIES.length);
  for (const [i, l] of [...leaders].sort((a, b) => a.y - b.y).entries()) {
    expect(Math.abs(l.y - (300 + i * 60 - 2))).toBeLessThanOrEqual(2);
    // (the last dot starts within one step before END and is 4 px wide)
    expect(l.x1).toBeGreaterThan(END - 12);
    expect(l.x1).toBeLessThanOrEqual(END + 4);
    expect(l.gap).toBe(12);
  }
  expect(dots.length).toBeGreaterThan(ENTRIES.length * 20);
});

test('the dots of i and j, colons, an ellipsis and a form’s spaced dots are no leaders', async () => {
  // 12 pt apart (33 px at 200 dpi): tesseract reads such dots as periods
  let spaced = '';
  for (let x = 200; x < 1400; x += 33) spaced += `<rect x="${x}" y="1596" width="4" height="4"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="white"/>` +
    `<g font-family="DejaVu Serif" font-size="36" fill="black">` +
    `<text x="200" y="300">initialization iiiiiiii jijiji: a : b : c : d : e : f</text>` +
    `<text x="200" y="400">and so on... and so on... and so on...</text>${spaced}</g></svg>`;
  const page = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  const g = await grey(page);
  expect(findLeaders(g.data, g.W, g.H, 128, DPI).leaders).toEqual([]);
  expect(withoutLeaders(await greyPage(page), DPI)).toBeNull();
});

test('the image read has its leaders taken off and its titles and numbers whole; a contents page', async () => {
  const page = await contentsPage();
  const cleaned = withoutLeaders(await greyPage(page), DPI);
  expect(cleaned).not.toBeNull();
  // a contents page: read whole, as one block of lines
  expect(cleaned!.columns).toHaveLength(1);
  expect(cleaned!.columns![0]).toMatchObject({ x: 0, y: 0 });
  const before = (await grey(page)).data;
  const after = pgmPixels(cleaned!.image);
  for (const l of cleaned!.leaders) {
    expect(darkIn(before, l.x0, l.y - 6, l.x1, l.y + 6)).toBeGreaterThan(100);
    expect(darkIn(after, l.x0, l.y - 6, l.x1, l.y + 6)).toBe(0);
    // the title before it and the number after it keep every pixel
    expect(darkIn(after, 195, l.y - 30, l.x0 - 3, l.y + 10)).toBe(darkIn(before, 195, l.y - 30, l.x0 - 3, l.y + 10));
    expect(darkIn(after, l.x1 + 3, l.y - 30, 1490, l.y + 10)).toBe(darkIn(before, l.x1 + 3, l.y - 30, 1490, l.y + 10));
  }
});

test('a contents page is also cut before its column of page numbers, leaders erased', async () => {
  const page = await contentsPage();
  const cleaned = withoutLeaders(await greyPage(page), DPI);
  const [rest, numbers] = cleaned!.numbered!;
  const cut = numbers.x + PAD;
  // between the leaders' end and the widest number's left edge ("47", right-aligned at END + 100)
  expect(cut).toBeGreaterThan(END + 4);
  expect(cut).toBeLessThan(END + 50);
  const before = (await grey(page)).data;
  const restPx = pgmPixels(rest.image);
  const ys = cleaned!.leaders.map((l) => l.y).sort((a, b) => a - b);
  // the page without its numbers: nothing right of the cut on the leaders' rows, the titles whole
  expect(darkIn(restPx, cut, ys[0] - 30, W - 1, ys[ys.length - 1] + 10)).toBe(0);
  for (const l of cleaned!.leaders)
    expect(darkIn(restPx, 195, l.y - 30, l.x0 - 3, l.y + 10)).toBe(darkIn(before, 195, l.y - 30, l.x0 - 3, l.y + 10));
  // the numbers' piece holds every number's pixels
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(numbers.image.toString('latin1', 0, 40))!;
  const pw = Number(head[1]);
  const px = numbers.image.subarray(head[0].length);
  let inPiece = 0;
  for (let i = 0; i < px.length; i++) if (px[i] < 128 && i % pw >= PAD) inPiece++;
  expect(inPiece).toBe(darkIn(before, cut, ys[0] - 30, W - 1, ys[ys.length - 1] + 10));
  expect(inPiece).toBeGreaterThan(ENTRIES.length * 100);
  // an index in two columns is read as its two columns; no such cut
  expect(withoutLeaders(await greyPage(await indexPage()), DPI)!.numbered).toBeNull();
});

test('leaders ending in many places are not a contents page', async () => {
  const staggered =
    `<text x="200" y="1500">Name</text><text x="200" y="1560">Street</text><text x="200" y="1620">City</text>` +
    [1500, 1560, 1620]
      .map((y, i) =>
        Array.from(
          { length: 20 + i * 25 },
          (_, k) => `<rect x="${400 + k * 12}" y="${y - 4}" width="4" height="4"/>`,
        ).join(''),
      )
      .join('');
  const cleaned = withoutLeaders(await greyPage(await contentsPage(staggered)), DPI);
  expect(cleaned!.leaders).toHaveLength(ENTRIES.length + 3);
  // 8 of 11 end at one place, 3 elsewhere: not the 80 % of a contents page
  expect(cleaned!.columns).toBeNull();
});

test('an index in two columns is read in its two columns, cut between them', async () => {
  const page = await indexPage();
  const cleaned = withoutLeaders(await greyPage(page), DPI);
  expect(cleaned!.leaders).toHaveLength(2 * ENTRIES.length);
  const cols = cleaned!.columns!;
  expect(cols).toHaveLength(2);
  const cut = cols[1].x + PAD;
  expect(cut).toBeGreaterThan(820);
  expect(cut).toBeLessThan(900);
});

test('titledShare: the leaders with a word read just before them on their line', () => {
  const k = 72 / DPI;
  const leaders: Leader[] = [
    { x0: 500, x1: 1380, y: 298, gap: 12 },
    { x0: 600, x1: 1380, y: 358, gap: 12 },
  ];
  const word = (text: string, x0: number, x1: number, y0: number, y1: number) => ({
    text,
    x0: x0 * k,
    x1: x1 * k,
    y0: y0 * k,
    y1: y1 * k,
    conf: 90,
  });
  const line = (words: ReturnType<typeof word>[]): OcrPage['lines'][number] => ({
    words,
    baseline: words[0].y1,
    size: 10,
    para: 1,
    bold: false,
    italic: false,
  });
  const both: OcrPage = {
    lines: [
      line([word('Installation', 200, 490, 272, 300), word('3', 1450, 1480, 272, 300)]),
      line([word('Binary', 200, 595, 332, 366)]),
    ],
    confidence: 90,
  };
  expect(titledShare(both, leaders, k)).toBe(1);
  // only the page numbers read (titles in link boxes, read as one block): none titled
  const numbers: OcrPage = {
    lines: [line([word('3', 1450, 1480, 272, 300)]), line([word('5', 1450, 1480, 332, 360)])],
    confidence: 90,
  };
  expect(titledShare(numbers, leaders, k)).toBe(0);
});

test('a contents page and an index are read with each title and its page number on one line, no leader read as letters', async () => {
  const reader = new PageReader();
  try {
    const page = await reader.read(await contentsPage(), DPI);
    const lines = page.lines.map((l) => l.words.map((w) => w.text).join(' '));
    for (const [title, n] of ENTRIES) expect(lines).toContain(`${title} ${n}`);
    expect(lines).toHaveLength(ENTRIES.length);
    // an index: each column read as one block of lines, the left one first
    const index = (await reader.read(await indexPage(), DPI)).lines.map((l) => l.words.map((w) => w.text).join(' '));
    expect(index).toEqual([...ENTRIES, ...ENTRIES].map(([title, n]) => `${title} ${n}`));
  } finally {
    await reader.close();
  }
}, 120_000);

test('a contents page whose titles sit in link boxes keeps its page numbers', async () => {
  // hyperref's red boxes around the titles: read as one block the titles are lost, so the page is read with
  // tesseract's layout, which found no block for the numbers once the leaders were gone (none read before)
  const boxes = ENTRIES.map(
    ([title], i) =>
      `<rect x="192" y="${268 + i * 60}" width="${title.length * 19 + 6}" height="42" fill="none" stroke="red" stroke-width="2"/>`,
  ).join('');
  const reader = new PageReader();
  try {
    const page = await reader.read(await contentsPage(boxes), DPI);
    const k = 72 / DPI;
    const right = page.lines.flatMap((l) => l.words).filter((w) => w.x0 / k > END);
    expect(right.map((w) => w.text)).toEqual(ENTRIES.map(([, n]) => n));
    // each number on its entry's row
    right.forEach((w, i) => expect(Math.abs(w.y1 / k - (300 + i * 60))).toBeLessThan(12));
  } finally {
    await reader.close();
  }
}, 120_000);
