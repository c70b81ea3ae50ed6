// Output caps of every decoder compress uses (issue 13): generated bombs must stop at the cap, never allocate
// what they expand to.
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { DecodeCapError, applyFilters, colourInfo, filterChain, predictRows } from './pixels';
import { ascii85Bomb, asciiHexBomb, flateBomb, lzwBomb, runLengthBomb } from '@/tests/support/compress-bombs';

const MB = 1024 * 1024;
let ctx: PDFDocument['context'];
beforeAll(async () => {
  ctx = (await PDFDocument.create()).context;
});

const chainOf = (name: string) => ({ names: [name], parms: [undefined] });

describe.each([
  ['FlateDecode', flateBomb],
  ['LZWDecode', lzwBomb],
  ['RunLengthDecode', runLengthBomb],
  ['ASCII85Decode', ascii85Bomb],
  ['ASCIIHexDecode', asciiHexBomb],
] as const)('%s', (filter, bomb) => {
  it('decodes within the cap exactly', () => {
    const out = applyFilters(ctx, bomb(102_400), chainOf(filter), MB);
    expect(out!.length).toBe(102_400);
    expect(out!.every((b) => b === (filter === 'ASCII85Decode' ? 0 : 0x20))).toBe(true);
  });

  it('throws DecodeCapError past the cap without holding the whole output', () => {
    const data = bomb(filter === 'ASCIIHexDecode' ? 3 * MB : 64 * MB);
    const before = process.memoryUsage().arrayBuffers;
    expect(() => applyFilters(ctx, data, chainOf(filter), MB)).toThrow(DecodeCapError);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MB);
  });

  it('keeps only the first cap bytes when truncating (image data past its declared size)', () => {
    const out = applyFilters(ctx, bomb(filter === 'ASCIIHexDecode' ? 3 * MB : 64 * MB), chainOf(filter), MB, true);
    expect(out!.length).toBe(MB);
  });
});

it('caps an Indexed colour lookup stream', () => {
  const lookup = PDFRawStream.of(PDFDict.withContext(ctx), flateBomb(16 * MB));
  lookup.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  const cs = ctx.obj([PDFName.of('Indexed'), PDFName.of('DeviceRGB'), 255, ctx.register(lookup)]);
  expect(() => colourInfo(ctx, cs)).toThrow(DecodeCapError);
  // A normal lookup still works.
  const ok = PDFRawStream.of(PDFDict.withContext(ctx), flateBomb(768, 7));
  ok.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  const info = colourInfo(ctx, ctx.obj([PDFName.of('Indexed'), PDFName.of('DeviceRGB'), 255, ctx.register(ok)]));
  expect(info?.palette?.lookup.length).toBe(768);
  expect(filterChain(ok.dict)?.names).toEqual(['FlateDecode']);
});

describe('predictRows', () => {
  // The straightforward adaptive PNG filter (the previous implementation), as the reference.
  function reference(px: Uint8Array, width: number, height: number, comps: number): Buffer {
    const paeth = (a: number, b: number, c: number) => {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    };
    const rowBytes = width * comps;
    const out = Buffer.alloc(height * (rowBytes + 1));
    for (let r = 0; r < height; r++) {
      let best: Buffer | undefined;
      let bestT = 0;
      let bestScore = Infinity;
      for (let t = 0; t < 5; t++) {
        const buf = Buffer.alloc(rowBytes);
        let score = 0;
        for (let k = 0; k < rowBytes; k++) {
          const i = r * rowBytes + k;
          const a = k >= comps ? px[i - comps] : 0;
          const b = r > 0 ? px[i - rowBytes] : 0;
          const c = r > 0 && k >= comps ? px[i - rowBytes - comps] : 0;
          const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][t];
          buf[k] = (px[i] - pred) & 0xff;
          score += buf[k] < 128 ? buf[k] : 256 - buf[k];
        }
        if (score < bestScore) [bestScore, bestT, best] = [score, t, buf];
      }
      out[r * (rowBytes + 1)] = bestT;
      best!.copy(out, r * (rowBytes + 1) + 1);
    }
    return out;
  }

  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const images: [string, number, number, number, (x: number, y: number, c: number) => number][] = [
    ['noise RGB', 301, 17, 3, () => Math.floor(rand() * 256)],
    ['gradient gray', 700, 9, 1, (x, y) => (x + 3 * y) & 0xff],
    ['flat with edges CMYK', 90, 12, 4, (x, y, c) => (x > 40 && y > 5 ? 200 + c : 10)],
    ['screenshot-like RGB', 530, 20, 3, (x, y, c) => (((x >> 4) + (y >> 3) + c) % 3 === 0 ? 255 : 30 * c)],
    ['one pixel wide', 1, 30, 3, (_x, y, c) => (y * 7 + c) & 0xff],
    ['one row', 257, 1, 1, (x) => (x * x) & 0xff],
  ];
  it.each(images)('%s: the same filtered rows as the reference', (_n, w, h, comps, f) => {
    const px = new Uint8Array(w * h * comps);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) for (let c = 0; c < comps; c++) px[(y * w + x) * comps + c] = f(x, y, c);
    expect(predictRows(px, w, h, comps).equals(reference(px, w, h, comps))).toBe(true);
  });
});
