// Text on shaded bars is set dark on paper in the image tesseract reads: a slide's grey title and footer
// bars, a box's dark title bar with white text; nothing else on the page changes, and black text, a table's
// grid, a big bold headline and a photograph are no bars.
import sharp from 'sharp';
import { findBars, forReading, withBarsInverted } from './ocr-bars';
import { greyPage } from './ocr-split';
import { PageReader } from './ocr';

const DPI = 200;
const W = 1700; // a letter page at 200 dpi
const H = 2200;

/** A page of `body` SVG (sans 36 px text, black) on white paper, as a scan's JPEG. */
async function page(body: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="white"/>` +
    `<g font-family="DejaVu Sans" font-size="36">${body}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const BODY =
  `<text x="150" y="700">Payment is due within thirty days of the invoice date.</text>` +
  `<text x="150" y="760">Please quote the invoice number with your payment.</text>`;
/** A grey title bar (black text), a navy table header (white text) and its rows, body text. */
const BARS =
  `<rect x="0" y="100" width="${W}" height="110" fill="#9f9f9f"/>` +
  `<text x="150" y="170" fill="black">Quarterly Statement of Account</text>` +
  `<rect x="150" y="300" width="1400" height="70" fill="#1f2f5f"/>` +
  `<text x="170" y="348" fill="white">Description</text><text x="900" y="348" fill="white">Quantity</text>` +
  `<text x="1250" y="348" fill="white">Amount</text>` +
  `<text x="170" y="420">Consulting hours</text><text x="900" y="420">12</text><text x="1250" y="420">960.00</text>` +
  BODY;

const at = (g: { data: Uint8Array }, x: number, y: number) => g.data[y * W + x];

test('a grey bar with black text and a dark bar with white text are found, nothing else', async () => {
  const bars = findBars(await greyPage(await page(BARS)), DPI);
  expect(bars.map((b) => [b.y0, b.from.length])).toEqual([
    [expect.closeTo(100, -0.5), expect.closeTo(110, -0.5)],
    [expect.closeTo(300, -0.5), expect.closeTo(70, -0.5)],
  ]);
  // the first is grey with dark text, the second dark with light text
  expect(bars[0].bar).toBeGreaterThan(140);
  expect(bars[0].text).toBeLessThan(60);
  expect(bars[1].bar).toBeLessThan(80);
  expect(bars[1].text).toBeGreaterThan(200);
});

test('the bars become paper and their text ink; the rest of the page keeps every pixel', async () => {
  const before = await greyPage(await page(BARS));
  const after = withBarsInverted(before, DPI)!;
  expect(after).not.toBeNull();
  // the bars' plain parts: paper now
  expect(at(after, 1600, 150)).toBeGreaterThan(240);
  expect(at(after, 1500, 310)).toBeGreaterThan(240);
  // the header's white letters: ink now (a stem of the D of "Description", x 172-177)
  let inked = 0;
  for (let y = 322; y <= 346; y++) if (at(after, 175, y) < 60) inked++;
  expect(inked).toBeGreaterThan(15);
  // outside the bars, the same pixels
  for (const [y0, y1] of [
    [0, 95],
    [215, 295],
    [375, H - 1],
  ])
    expect(Buffer.compare(after.data.subarray(y0 * W, y1 * W), before.data.subarray(y0 * W, y1 * W))).toBe(0);
});

test('black text, a table’s grid, a big bold headline and a photograph are no bars', async () => {
  let grid = '';
  for (let i = 0; i <= 6; i++) grid += `<rect x="150" y="${900 + i * 60}" width="1400" height="3"/>`;
  for (const x of [150, 700, 1200, 1547]) grid += `<rect x="${x}" y="900" width="3" height="363"/>`;
  for (let i = 0; i < 6; i++) grid += `<text x="170" y="${945 + i * 60}">Row ${i} of the table, cells</text>`;
  // a photograph: noise over a gradient, with a pale caption across it
  const { data } = await sharp({
    create: {
      width: 600,
      height: 300,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 90, sigma: 40 },
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const photo = `<image x="150" y="1400" width="600" height="300" href="data:image/png;base64,${data.toString('base64')}"/>`;
  const headline = `<text x="150" y="400" font-size="160" font-weight="bold">HEADLINE</text>`;
  const g = await greyPage(await page(BODY + grid + photo + headline));
  expect(findBars(g, DPI)).toEqual([]);
  expect(withBarsInverted(g, DPI)).toBeNull();
});

/** A dark slide: light text on near-black, its title in white on a grey bar. */
const DARK =
  `<rect width="${W}" height="${H}" fill="#141414"/><rect x="0" y="100" width="${W}" height="110" fill="#6a6a6a"/>` +
  `<text x="150" y="170" fill="white">Quarterly Statement of Account</text>` +
  `<text x="150" y="700" fill="#f0f0f0">Payment is due within thirty days of the invoice date.</text>` +
  `<text x="150" y="760" fill="#f0f0f0">Please quote the invoice number with your payment.</text>`;

test('a dark page is read as its negative, its bar’s text set dark on paper; a light page without bars as it is', async () => {
  const dark = await greyPage(await page(DARK));
  const read = forReading(dark, DPI)!;
  // the ground is paper now, the body text ink, and the bar paper with its text ink
  expect(at(read, 1600, 1500)).toBeGreaterThan(230);
  expect(at(read, 1600, 150)).toBeGreaterThan(230);
  expect(forReading(await greyPage(await page(BODY)), DPI)).toBeNull();
});

test('the words on the bars are read with the rest of the page', async () => {
  const reader = new PageReader();
  try {
    const read = await reader.read(await page(BARS), DPI);
    const words = read.lines.flatMap((l) => l.words.map((w) => w.text));
    for (const w of ['Quarterly', 'Statement', 'Account', 'Description', 'Quantity', 'Amount', 'Consulting', 'invoice'])
      expect(words).toContain(w);
    // a dark slide's title on its bar, and its body
    const slide = await reader.read(await page(DARK), DPI);
    const said = slide.lines.flatMap((l) => l.words.map((w) => w.text));
    for (const w of ['Quarterly', 'Statement', 'Account', 'Payment', 'invoice', 'quote']) expect(said).toContain(w);
  } finally {
    await reader.close();
  }
}, 120_000);
