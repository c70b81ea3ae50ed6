// A photocopy's black borders and punched holes are taken off the image tesseract reads; the text, a dark
// bar with lettering at the page's edge, a picture reaching it and a number in a black circle stay.
import { withoutMargins } from './ocr-margins';

const W = 1700; // a letter page at 200 dpi
const H = 2200;

/** A page of text-like rows (dashes) from x 250 to 1450, every 40 px from y 300 to 1900. */
function page(): Buffer {
  const d = Buffer.alloc(W * H, 250);
  for (let y = 300; y < 1900; y += 40)
    for (let yy = y; yy < y + 14; yy++) for (let x = 250; x < 1450; x++) if (x % 12 < 8) d[yy * W + x] = 20;
  return d;
}

const disc = (d: Buffer, cx: number, cy: number, r: number, level = 20) => {
  for (let y = cy - r; y <= cy + r; y++)
    for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) d[y * W + x] = level;
};

/** The dark pixels (under 128) in rows y0..y1, columns x0..x1. */
function darkIn(d: Uint8Array, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (d[y * W + x] < 128) n++;
  return n;
}

test('black borders of uneven width on four sides and two punched holes become paper; the text stays', () => {
  const d = page();
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      // the sheet lies askew: its left edge runs from 40 to 65 px down the page
      const left = 40 + Math.round((25 * y) / H);
      if (x < left || x > W - 55 || y < 30 || y > H - 45) d[y * W + x] = 25 + ((x * 7 + y * 13) % 20);
    }
  disc(d, 140, 660, 35);
  disc(d, 140, 1540, 35);
  const out = withoutMargins({ data: d, W, H }, 200)!;
  expect(out).not.toBeNull();
  // nothing dark is left outside the text
  expect(darkIn(out.data, 0, 0, W, 290)).toBe(0);
  expect(darkIn(out.data, 0, 0, 240, H)).toBe(0);
  expect(darkIn(out.data, 1460, 0, W, H)).toBe(0);
  expect(darkIn(out.data, 0, 1910, W, H)).toBe(0);
  // the text is as it was
  expect(darkIn(out.data, 240, 290, 1460, 1910)).toBe(darkIn(d, 240, 290, 1460, 1910));
});

test('a page without borders or holes is left as it is', () => {
  expect(withoutMargins({ data: page(), W, H }, 200)).toBeNull();
});

test('a dark bar with white lettering along the top edge is not a border', () => {
  const d = page();
  d.fill(30, 0, 100 * W);
  // letters: light blocks inside the bar, 40 px from its top
  for (let y = 40; y < 80; y++) for (let x = 200; x < 1500; x++) if (x % 60 < 30) d[y * W + x] = 250;
  expect(withoutMargins({ data: d, W, H }, 200)).toBeNull();
});

test('a picture reaching the edge is kept, and so is a number in a black circle near it', () => {
  const d = page();
  // a dark photo 2 in wide at the left edge, from y 100 to 2100 (deeper than a border)
  for (let y = 100; y < 2100; y++) d.fill(40, y * W, y * W + 400);
  // a page number in a black circle in the bottom margin: a white digit inside it
  disc(d, 850, 2050, 30);
  for (let y = 2030; y < 2070; y++) d.fill(250, y * W + 842, y * W + 858);
  for (let y = 2030; y < 2040; y++) d.fill(250, y * W + 835, y * W + 858);
  expect(withoutMargins({ data: d, W, H }, 200)).toBeNull();
});
