// tesseract's layout takes a narrow column of numbers for vertical text and reads it as letters; such a
// block is read again as lines and kept where that reads more words surely. A wide block of vertical text
// (a page turned sideways) is never read again, and a vertical line that reads worse across stays.
import type { Block, Rectangle } from 'tesseract.js';
import sharp from 'sharp';
import { rereadColumns } from './ocr-reading';
import { PageReader } from './ocr';

const DPI = 200;

/** A block of one paragraph whose lines are `lines` (words and their confidences), stacked 60 px apart. */
function block(type: number, x0: number, y0: number, lines: [string, number][][]): Block {
  const words = (ws: [string, number][], y: number) =>
    ws.map(([text, confidence], i) => ({
      text,
      confidence,
      symbols: [...text].map(() => ({ confidence })),
      bbox: { x0: x0 + 40 * i, y0: y, x1: x0 + 40 * i + 30, y1: y + 30 },
    }));
  const ls = lines.map((ws, i) => ({
    words: words(ws, y0 + 60 * i),
    bbox: { x0, y0: y0 + 60 * i, x1: x0 + 30, y1: y0 + 60 * i + 30 },
  }));
  const bbox = { x0, y0, x1: x0 + 30, y1: y0 + 60 * lines.length };
  return { blocktype: String(type), bbox, paragraphs: [{ lines: ls, bbox }] } as unknown as Block;
}

test('a narrow block of vertical text is read again as lines where that reads more words surely', async () => {
  const text = block(1, 200, 300, [[['Introduction', 96]], [['Preamble', 95]]]);
  const vertical = block(7, 1456, 300, [
    [
      ['Co', 27],
      ['KMn', 0],
      ['N', 81],
    ],
  ]);
  const asked: Rectangle[] = [];
  const numbers = block(1, 1456, 300, [[['7', 95]], [['8', 96]], [['9', 96]]]);
  const out = await rereadColumns([text, vertical], DPI, async (r) => {
    asked.push(r);
    return [numbers];
  });
  expect(out).toEqual([text, numbers]);
  // its rectangle, with a margin of 10 px (0.05 in)
  expect(asked).toEqual([{ left: 1446, top: 290, width: 50, height: 80 }]);
});

test('a vertical line that reads worse across stays as it was; a wide block is not read again', async () => {
  const sideways = block(7, 600, 300, [
    [
      ['Sideways', 92],
      ['label', 90],
    ],
  ]);
  const across = block(1, 600, 300, [
    [
      ['ee', 20],
      ['a', 40],
    ],
  ]);
  expect(await rereadColumns([sideways], DPI, async () => [across])).toEqual([sideways]);
  // a turned page: vertical text across more than 1.2 in
  const page = block(7, 100, 100, [[['A', 90]]]);
  (page.bbox as { x1: number }).x1 = 1500;
  let asked = 0;
  expect(
    await rereadColumns([page], DPI, async () => {
      asked++;
      return [];
    }),
  ).toEqual([page]);
  expect(asked).toBe(0);
});

test('a contents page without leaders is read with its column of page numbers', async () => {
  const entries = Array.from({ length: 24 }, (_, i) => [`Section number ${i + 1} of the guide`, String(3 * i + 5)]);
  const rows = entries
    .map(
      ([title, n], i) =>
        `<text x="150" y="${250 + i * 70}">${title}</text><text x="1500" y="${250 + i * 70}" text-anchor="end">${n}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="2200"><rect width="1700" height="2200" fill="white"/>` +
    `<g font-family="DejaVu Serif" font-size="36" fill="black">${rows}</g></svg>`;
  const reader = new PageReader();
  try {
    const page = await reader.read(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer(), DPI);
    const words = page.lines.flatMap((l) => l.words.map((w) => w.text));
    for (const [, n] of entries) expect(words).toContain(n);
  } finally {
    await reader.close();
  }
}, 120_000);
