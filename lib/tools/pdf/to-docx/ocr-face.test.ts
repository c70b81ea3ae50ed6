// The face of a scanned paragraph is decided from its glyphs (issue 19): a page made in the test with one
// paragraph per candidate face (rendered here through fontconfig, as a scanner would have seen them), each
// paragraph gets its own face back; a paragraph too short to measure takes the page's face.
import sharp from 'sharp';
import { boxCorrelation, chooseFaces, FACES } from './ocr-face';
import { wideSansWidth } from './metrics';
import type { OcrLine } from './ocr';

const K = 200 / 72; // px per point: a 200 dpi scan
const SIZE = 11;
const TEXT = ['Quarterly', 'findings', 'covering', 'regional', 'shipments', 'outlook'];

/** Renders each group's words at its place and reads the inked boxes back, as OCR gives them. */
async function scan(groups: { face: number; words: string[] }[]): Promise<{ grey: Buffer; lines: OcrLine[][] }> {
  const W = Math.round(600 * K);
  const H = Math.round((groups.length * 40 + 40) * K);
  const texts = groups.flatMap((g, gi) => {
    let x = 40;
    return g.words.map((t) => {
      const el = `<text x="${x * K}" y="${(gi * 40 + 50) * K}" font-family="${FACES[g.face].svg.replace(/"/g, '')}" font-size="${SIZE * K}">${t}</text>`;
      x += t.length * 8 + 10;
      return el;
    });
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>${texts.join('')}</svg>`;
  const { data: grey } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const lines = groups.map((g, gi) => {
    let x = 40;
    const y0 = (gi * 40 + 50 - SIZE) * K;
    const y1 = (gi * 40 + 50 + SIZE * 0.3) * K;
    const words = g.words.map((text) => {
      // the word's inked columns within its slot
      const sx0 = Math.floor(x * K);
      const sx1 = Math.floor((x + text.length * 8 + 8) * K);
      let a = sx1;
      let b = sx0;
      for (let yy = Math.floor(y0); yy < y1; yy++)
        for (let xx = sx0; xx < sx1; xx++)
          if (grey[yy * W + xx] < 128) {
            a = Math.min(a, xx);
            b = Math.max(b, xx + 1);
          }
      x += text.length * 8 + 10;
      return { text, x0: a / K, y0: y0 / K, x1: b / K, y1: y1 / K, conf: 95 };
    });
    return [{ words, baseline: gi * 40 + 50, size: SIZE, para: gi, bold: false, italic: false }];
  });
  return { grey, lines };
}

test('each paragraph gets back the face and size it was rendered in', async () => {
  const groups = FACES.map((_, face) => ({ face, words: TEXT }));
  const { grey, lines } = await scan(groups);
  const W = Math.round(600 * K);
  const got = await chooseFaces({ data: grey, width: W, height: grey.length / W }, K, lines, () => false);
  expect(got.map((g) => g.font)).toEqual(FACES.map((f) => f.word));
  // and the size at which that face inks as tall as the scan: the size it was rendered at
  for (const g of got) expect(Math.abs(g.size! - SIZE)).toBeLessThan(0.05 * SIZE);
});

test('a paragraph too short to measure takes the page face', async () => {
  const groups = [
    { face: 1, words: TEXT },
    { face: 1, words: TEXT.slice(2) },
    { face: 3, words: ['Hi', 'to'] }, // no word of 3 letters or more: nothing to compare
  ];
  const { grey, lines } = await scan(groups);
  const W = Math.round(600 * K);
  const got = await chooseFaces({ data: grey, width: W, height: grey.length / W }, K, lines, () => false);
  expect(got.map((g) => g.font)).toEqual(['Times New Roman', 'Times New Roman', 'Times New Roman']);
  expect(got[2].size).toBeUndefined();
});

test('correlation of a box with itself is 1, with its negative -1', () => {
  const data = Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256);
  const neg = data.map((v) => 255 - v);
  const box = { x0: 1, y0: 1, x1: 7, y1: 7 };
  expect(boxCorrelation({ data, width: 8, height: 8 }, box, { data, width: 8, height: 8 }, box)).toBeCloseTo(1, 6);
  expect(boxCorrelation({ data, width: 8, height: 8 }, box, { data: neg, width: 8, height: 8 }, box)).toBeCloseTo(
    -1,
    6,
  );
});

test("the wide sans is measured with Verdana's proportions: wider than Arial's", () => {
  expect(wideSansWidth('mm', 10, false)).toBeCloseTo(19.48, 2);
  expect(wideSansWidth('a', 10, true)).toBeGreaterThan(wideSansWidth('a', 10, false));
  expect(wideSansWidth('Ж', 10, false)).toBeCloseTo(6.4, 2);
});

test('glyphs that no face matches (another script read as Latin) get no face: the caller keeps its own', async () => {
  const W = Math.round(600 * K);
  const H = Math.round(100 * K);
  const grey = Buffer.alloc(W * H, 255);
  const words = TEXT.map((text, i) => {
    const x0 = 40 + i * 80;
    // horizontal bars where the "word" is: nothing like a Latin letter's stems
    for (let y = Math.round(40 * K); y < Math.round(50 * K); y++)
      if (y % 4 < 2) for (let x = Math.round(x0 * K); x < Math.round((x0 + 60) * K); x++) grey[y * W + x] = 0;
    return { text, x0, y0: 40, x1: x0 + 60, y1: 50, conf: 95 };
  });
  const lines: OcrLine[][] = [[{ words, baseline: 50, size: SIZE, para: 1, bold: false, italic: false }]];
  const [got] = await chooseFaces({ data: grey, width: W, height: H }, K, lines, () => false);
  expect(got.font).toBeUndefined();
  expect(got.size).toBeUndefined();
  expect(got.words.size).toBe(0);
});

test('a word set in another face than its paragraph keeps its own face', async () => {
  const { grey, lines } = await scan([
    { face: 1, words: TEXT },
    { face: 3, words: ['Terminal'] },
  ]);
  // one paragraph: the serif words and the monospaced one
  const odd = lines[1][0].words[0];
  const para = [{ ...lines[0][0], words: [...lines[0][0].words, odd] }];
  const W = Math.round(600 * K);
  const [got] = await chooseFaces({ data: grey, width: W, height: grey.length / W }, K, [para], () => false);
  expect(got.font).toBe('Times New Roman');
  expect([...got.words.entries()].map(([w, f]) => [w.text, f])).toEqual([['Terminal', 'Courier New']]);
});
