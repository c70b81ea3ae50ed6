// Output caps of every decoder compress uses (issue 13): generated bombs must stop at the cap, never allocate
// what they expand to.
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { DecodeCapError, applyFilters, colourInfo, filterChain } from './pixels';
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
