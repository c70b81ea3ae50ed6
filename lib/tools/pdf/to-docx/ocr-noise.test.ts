// A photograph is not read as text (ocr-orient.ts readsAsNoise): tesseract reads a photo's texture as
// fragments it is unsure of, and the DOCX set them over the picture as words. The readings here are the
// shape of tesseract's on a real photo (a chicken, Debian's googledrive test file: 62 words, mean 44 %).
import sharp from 'sharp';
import type { PageData } from '../pdfjs/protocol';
import type { OcrPage } from './ocr';
import { keptWord } from './ocr-reading';
import { readScan, readsAsNoise } from './ocr-orient';

const word = (text: string, conf: number, i: number) => ({
  text,
  conf,
  x0: 20 + 40 * (i % 12),
  x1: 50 + 40 * (i % 12),
  y0: 30 + 20 * Math.floor(i / 12),
  y1: 42 + 20 * Math.floor(i / 12),
});
function reading(words: [string, number][]): OcrPage {
  const ws = words.map(([t, c], i) => word(t, c, i));
  const lines = ws.map((w) => ({ words: [w], baseline: w.y1, size: 10, para: 1, bold: false, italic: false }));
  return { lines, confidence: ws.reduce((a, w) => a + w.conf, 0) / Math.max(1, ws.length) };
}
const FRAGMENTS = ['i', 'Ee', 'NN', 'wv', 'rae', '-', 'fF', 'ot', 'a', 'Vi', 'ee', 'Sa'];
const photoReading = reading(
  Array.from({ length: 62 }, (_, i) => [FRAGMENTS[i % 12], i === 5 ? 81 : 30 + ((i * 7) % 30)]),
);

async function scanPage(): Promise<PageData> {
  const data = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#8a9a70' } })
    .jpeg()
    .toBuffer();
  return {
    width: 144,
    height: 192,
    runs: [],
    images: [],
    segments: [],
    fills: [],
    links: [],
    rendered: { x: 0, y: 0, w: 144, h: 192, data: new Uint8Array(data), format: 'jpg', dpi: 150 },
  };
}

test("a photograph's reading is noise; a scan's, however short, is text", () => {
  expect(photoReading.confidence).toBeLessThan(50);
  expect(readsAsNoise(photoReading)).toBe(true);
  expect(
    readsAsNoise(
      reading([
        ['Appendix', 95],
        ['B', 93],
      ]),
    ),
  ).toBe(false); // a short clean page
  expect(
    readsAsNoise(
      reading([
        ['Rechnung', 85],
        ['Nr.', 60],
        ['2024-117', 88],
        ['Betrag', 82],
        ['EUR', 55],
      ]),
    ),
  ).toBe(false);
  // a faded scan read unsurely throughout still has a few sure words
  expect(
    readsAsNoise(
      reading([
        ['the', 81],
        ['meeting', 84],
        ['was', 62],
        ['held', 80],
        ['on', 50],
        ['May', 45],
      ]),
    ),
  ).toBe(false);
});

test('a scanned page whose reading is noise gives no lines (it stays its picture)', async () => {
  const page = await scanPage();
  const noise = await readScan(page, async () => photoReading);
  expect(noise.lines).toEqual([]);
  expect(noise.turn).toBe(0);
  expect(noise.page).toBe(page);
  const text = await readScan(page, async () =>
    reading([
      ['Appendix', 95],
      ['B', 93],
    ]),
  );
  expect(text.lines.flatMap((l) => l.words.map((w) => w.text))).toEqual(['Appendix', 'B']);
});

test('a word read letter by letter surely is kept whatever its word confidence; leaders read as letters are not', () => {
  const word = (text: string, confidence: number, letters: number[]) => ({
    text,
    confidence,
    symbols: letters.map((c) => ({ confidence: c })),
  });
  // tesseract on the corpus tax form (f1040, scanned at 200 dpi): "IRA deduction" beside dot leaders
  expect(keptWord(word('IRA', 7, [99, 99, 99]))).toBe(true);
  expect(keptWord(word('withdrawal', 11, Array(10).fill(99)))).toBe(true);
  // its leaders, read as words
  expect(keptWord(word('ee', 29, [89, 90]))).toBe(false);
  expect(keptWord(word('3ia', 0, [98, 84, 98]))).toBe(false);
  // a word read surely as a word is kept as before; a blank one never
  expect(keptWord(word('Penalty', 96, [99, 99, 99, 99, 99, 99, 99]))).toBe(true);
  expect(keptWord(word('ww', 32, [91, 90]))).toBe(true);
  expect(keptWord(word(' ', 99, [99]))).toBe(false);
});
