// A scanned page read by OCR (issue 19): recognised words are cleaned off the scan where they sit on plain
// ground (paper, cell shading) and kept where they sit on a picture; the ink colour and bold strokes are
// read from the scan; lines of one paragraph at an even pitch are set together, others apart.
import sharp from 'sharp';
import type { PageData } from '../pdfjs/protocol';
import { cleanScan, groupLines, lineFont, ocrPageSection } from './ocr-page';
import { substituteWidth, wideSansWidth } from './metrics';
import type { OcrLine } from './ocr';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const W = 400; // px at 100 dpi: 288 x 144 pt
const H = 200;
const K = 72 / 100;

/** White page; a grey band (cell shading) at rows 100-140; a noisy picture on the right half below row 150. */
async function page(): Promise<{ jpg: Buffer; raw: Buffer }> {
  const raw = Buffer.alloc(W * H * 3, 255);
  const set = (x: number, y: number, rgb: number[]) => raw.set(rgb, (y * W + x) * 3);
  for (let y = 100; y < 140; y++) for (let x = 0; x < W; x++) set(x, y, [200, 200, 200]);
  for (let y = 150; y < H; y++)
    for (let x = 200; x < W; x++) set(x, y, [(x * 37 + y * 91) % 256, (x * 13) % 256, (y * 29) % 256]);
  // "words": a dark red thin-stroked block on white, a black thick-stroked one on the grey band, one on the
  // picture, one on white again
  for (let y = 20; y < 40; y++) for (let x = 20; x < 100; x++) if (x % 8 < 2) set(x, y, [128, 16, 16]);
  for (let y = 110; y < 130; y++) for (let x = 20; x < 100; x++) if (x % 8 < 5) set(x, y, [0, 0, 0]);
  for (let y = 165; y < 185; y++) for (let x = 240; x < 320; x++) if (x % 8 < 2) set(x, y, [0, 0, 0]);
  for (let y = 165; y < 185; y++) for (let x = 20; x < 100; x++) if (x % 8 < 2) set(x, y, [0, 0, 0]);
  const jpg = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { jpg, raw };
}

const word = (text: string, x0: number, y0: number, x1: number, y1: number, conf = 95) => ({
  text,
  conf,
  x0: x0 * K,
  y0: y0 * K,
  x1: x1 * K,
  y1: y1 * K,
});
const line = (w: ReturnType<typeof word>, size: number, para = 1): OcrLine => ({
  words: [w],
  baseline: w.y1,
  size,
  para,
  bold: false,
  italic: false,
});

test('words on paper and on shading are cleaned off with the ground colour; a word on a picture stays', async () => {
  const { jpg } = await page();
  const red = word('thin', 20, 20, 100, 40);
  const black = word('bold', 20, 110, 100, 130);
  const onPicture = word('pic', 240, 165, 320, 185);
  // a doubtful reading (another script read with English data) is not cleaned off
  const doubtful = word('xq', 20, 165, 100, 185, 50);
  const lines = [line(red, 20 * K), line(black, 20 * K, 2), line(onPicture, 20 * K, 3), line(doubtful, 20 * K, 4)];
  const { data, ink, kept } = await cleanScan(jpg, { width: W * K, height: H * K }, lines);
  const out = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  expect(out.info.width).toBe(W);
  const lum = (x: number, y: number) => {
    const i = (y * W + x) * out.info.channels;
    return (out.data[i] + out.data[i + 1] + out.data[i + 2]) / 3;
  };
  const darkest = (x0: number, y0: number, x1: number, y1: number) => {
    let m = 255;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m = Math.min(m, lum(x, y));
    return m;
  };
  expect(darkest(20, 20, 100, 40)).toBeGreaterThan(235); // paper
  const band = darkest(20, 110, 100, 130);
  expect(band).toBeGreaterThan(185); // shading, not white
  expect(band).toBeLessThan(215);
  expect(darkest(240, 165, 320, 185)).toBeLessThan(40); // kept in the picture
  expect(darkest(20, 165, 100, 185)).toBeLessThan(40); // kept: read with low confidence
  // the words left on the scan are named (their text goes over them in light grey)
  expect([...kept].map((w) => w.text).sort()).toEqual(['pic', 'xq']);
  // the shading and the picture around the words are untouched
  expect(lum(150, 120)).toBeGreaterThan(185);
  expect(lum(150, 120)).toBeLessThan(215);
  // ink colour and stroke weight from the scan: 2 px stems of a 20 px font are regular, 5 px bold
  const r = ink.get(red)!;
  expect(parseInt(r.color.slice(0, 2), 16)).toBeGreaterThan(parseInt(r.color.slice(2, 4), 16) + 60);
  expect(r.bold).toBe(false);
  expect(ink.get(black)!.bold).toBe(true);
});

test('lines of one paragraph at an even pitch and a common left edge are set together', () => {
  const at = (para: number, x: number, baseline: number, size = 10): OcrLine => ({
    words: [{ text: 'w', x0: x, y0: baseline - size * 0.7, x1: x + 50, y1: baseline, conf: 95 }],
    baseline,
    size,
    para,
    bold: false,
    italic: false,
  });
  const lines = [
    at(1, 90, 100), // indented first line
    at(1, 72, 112),
    at(1, 72, 124),
    at(1, 72, 150), // a gap: a new group
    at(2, 72, 162), // another paragraph
    at(2, 200, 174), // another left edge
    at(3, 72, 200, 20), // larger type
  ];
  expect(groupLines(lines).map((g) => g.map((l) => l.baseline))).toEqual([[100, 112, 124], [150], [162], [174], [200]]);
});

test('a line inked as narrow as Times New Roman is set in it; one as wide as Arial in Arial', async () => {
  const text = ['Quarterly', 'field', 'report', 'covering', 'sales'];
  const set = async (family: string): Promise<OcrLine> => {
    let x = 72;
    const words = [];
    for (const t of text) {
      // inked width: the face's advance less a little side bearing
      const w = (await substituteWidth(t, family, 11, false, false))! * 0.97;
      words.push({ text: t, x0: x, y0: 90, x1: x + w, y1: 100, conf: 95 });
      x += w + 3;
    }
    return { words, baseline: 100, size: 11, para: 1, bold: false, italic: false };
  };
  expect(await lineFont([await set('Times New Roman')], 11)).toBe('Times New Roman');
  expect(await lineFont([await set('Arial')], 11)).toBe('Arial');
});

test('a scanned paragraph is set in the face its glyphs match, sized and fitted for that face', async () => {
  // a 200 dpi scan of one line in DejaVu Sans (Verdana's proportions), 10 pt
  const k = 200 / 72;
  const words = ['Quarterly', 'findings', 'covering', 'regional', 'shipments'];
  const W = Math.round(400 * k);
  const H = Math.round(60 * k);
  // each word at its own place (3.5 pt apart), its inked columns read back as OCR's box
  const at: number[] = [];
  let x = 20;
  for (const w of words) {
    at.push(x);
    x += wideSansWidth(w, 10, false) + 3.5;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>` +
    words
      .map((w, i) => `<text x="${at[i] * k}" y="${30 * k}" font-family="DejaVu Sans" font-size="${10 * k}">${w}</text>`)
      .join('') +
    '</svg>';
  const jpg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  const { data } = await sharp(jpg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const boxes: OcrLine['words'] = words.map((text, i) => {
    let x0 = W;
    let x1 = 0;
    for (let px = Math.floor(at[i] * k); px < Math.ceil((at[i] + wideSansWidth(text, 10, false)) * k); px++)
      for (let y = Math.round(18 * k); y < Math.round(34 * k); y++)
        if (data[y * W + px] < 128) {
          x0 = Math.min(x0, px);
          x1 = Math.max(x1, px + 1);
        }
    return { text, x0: x0 / k, y0: 21, x1: x1 / k, y1: 32, conf: 95 };
  });
  expect(boxes).toHaveLength(words.length);
  const page = {
    width: 400,
    height: 60,
    rendered: { data: jpg, dpi: 200, width: W, height: H },
  } as unknown as PageData;
  const line: OcrLine = { words: boxes, baseline: 30, size: 10.6, para: 1, bold: false, italic: false };
  const section = await ocrPageSection(page, [line], true);
  const xml = await sectionsXml([section]);
  const fonts = [...xml.matchAll(/w:ascii="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(fonts)).toEqual(new Set(['Verdana']));
  // 10 pt from the glyphs' height (tesseract's 10.6 was for Arial's proportions), widths within a few %
  const sizes = new Set([...xml.matchAll(/<w:sz w:val="(\d+)"/g)].map((m) => m[1]));
  expect(sizes).toEqual(new Set(['20']));
  const scales = [...xml.matchAll(/<w:w w:val="(\d+)"/g)].map((m) => Number(m[1]));
  for (const s of scales) expect(Math.abs(s - 100)).toBeLessThanOrEqual(5);
});
