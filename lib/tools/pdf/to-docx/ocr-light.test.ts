// A page lit unevenly (a phone's photo of a sheet) is evened out in the image tesseract reads; an evenly lit
// page, with a shaded bar or a bold heading on it, is read as it is.
import sharp from 'sharp';
import { evenLight } from './ocr-light';
import { greyPage } from './ocr-split';
import { PageReader } from './ocr';

const DPI = 200;
const W = 1700; // a letter page at 200 dpi
const H = 2200;

const LINES = [
  'Payment is due within thirty days of the invoice date.',
  'Please quote the invoice number with your payment.',
  'Goods remain our property until paid in full.',
  'Questions about this invoice go to our accounts office.',
];
const TEXT =
  `<text x="150" y="250" font-size="120" font-weight="bold">Invoice</text>` +
  `<rect x="150" y="400" width="1400" height="70" fill="#9f9f9f"/><text x="170" y="448">Description</text>` +
  LINES.map((l, i) => `<text x="150" y="${700 + i * 450}">${l}</text>`).join('');

const photos = new Map<number, Promise<Buffer>>();
/** The page's grey pixels, lit from its top-left corner and `depth` darker at the far one, as a JPEG. */
function photo(depth: number): Promise<Buffer> {
  if (!photos.has(depth)) photos.set(depth, lit(depth));
  return photos.get(depth)!;
}

/** `table`: the sheet lies on a dark table, seen 100 px around it. */
async function lit(depth: number, table = false): Promise<Buffer> {
  const around = table ? `<path d="M0 0H${W}V${H}H0Z M100 100V${H - 100}H${W - 100}V100Z" fill="#3c3c3c"/>` : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="white"/>` +
    `${around}<g font-family="DejaVu Sans" font-size="36">${TEXT}</g></svg>`;
  const { data } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const d = Math.min(1, Math.hypot(x / W, y / H) / Math.SQRT2);
      data[y * W + x] = Math.round(data[y * W + x] * (1 - depth * d));
    }
  return sharp(data, { raw: { width: W, height: H, channels: 1 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const at = (g: { data: Uint8Array }, x: number, y: number) => g.data[y * W + x];

test('an evenly lit page, a shaded bar and a bold heading on it, is read as it is', async () => {
  expect(evenLight(await greyPage(await photo(0)), DPI)).toBeNull();
});

test('a page of screenshots (panels of grey in steps, not a slope of light) is read as it is', async () => {
  const panels =
    `<rect x="0" y="0" width="${W}" height="${H / 2}" fill="#bdbdbd"/>` +
    `<rect x="100" y="300" width="900" height="600" fill="#6f6f6f"/>` +
    `<rect x="${W / 2}" y="${H / 2}" width="${W / 2}" height="${H / 2}" fill="#d6d6d6"/>` +
    LINES.map((l, i) => `<text x="150" y="${1200 + i * 200}">${l}</text>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="white"/>` +
    `<g font-family="DejaVu Sans" font-size="36">${panels}</g></svg>`;
  const page = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  expect(evenLight(await greyPage(page), DPI)).toBeNull();
});

test('a page lit unevenly has its paper evened out to white, its text kept dark', async () => {
  const dark = await greyPage(await photo(0.5));
  // the far corner's paper is half as light
  expect(at(dark, W - 60, H - 60)).toBeLessThan(150);
  const even = evenLight(dark, DPI)!;
  expect(even).not.toBeNull();
  for (const [x, y] of [
    [60, 60],
    [W - 60, H - 60],
    [W / 2, H / 2 + 100],
  ])
    expect(at(even, x, y)).toBeGreaterThan(235);
  // the last line's letters (far down the page) are ink: the darkest pixels on its row
  let darkest = 255;
  for (let x = 150; x < 1200; x++) darkest = Math.min(darkest, at(even, x, 700 + 3 * 450 - 12));
  expect(darkest).toBeLessThan(80);
});

test('a sheet photographed on a dark table: the sheet evened out, the table around it kept dark', async () => {
  const even = evenLight(await greyPage(await lit(0.5, true)), DPI)!;
  expect(even).not.toBeNull();
  expect(at(even, W - 300, H - 300)).toBeGreaterThan(235);
  expect(at(even, 300, 300)).toBeGreaterThan(235);
  // the table is no paper: not lifted to white (its own level taken for paper made it so)
  for (const [x, y] of [
    [40, H / 2],
    [W - 40, H - 40],
    [W / 2, 40],
  ])
    expect(at(even, x, y)).toBeLessThan(140);
});

test('the words of a page lit unevenly are read', async () => {
  const reader = new PageReader();
  try {
    const page = await reader.read(await photo(0.5), DPI);
    const words = page.lines.flatMap((l) => l.words.map((w) => w.text));
    for (const w of ['Invoice', 'Description', 'Payment', 'quote', 'property', 'accounts']) expect(words).toContain(w);
  } finally {
    await reader.close();
  }
}, 120_000);
