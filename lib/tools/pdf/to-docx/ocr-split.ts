// Two text columns of one scanned page are read by two tesseract threads at once (issue 19: a single dense
// page was read by one thread while the other waited). The page is cut only along a blank band that runs
// the full height of the text near the page's middle (a column gutter), so no line is cut and reading
// order stays the left column, then the right one (tesseract reads columns that way on the whole page).
import sharp from 'sharp';
import type { OcrPage } from './ocr';

/** Width of the page as searched (about 50 dpi for a letter page). */
const PROBE_W = 425;
/** The narrowest gutter taken (probe pixels, ~0.1 in on a letter page). */
const MIN_GUTTER = 5;

export interface Halves {
  left: Buffer;
  right: Buffer;
  /** where the right half starts, in pixels of the image */
  cut: number;
}

/** The page image cut at its column gutter, or null when it has none (one column, a title across...). */
export async function splitColumns(image: Uint8Array): Promise<Halves | null> {
  const meta = await sharp(image).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  if (W < PROBE_W * 2 || !H) return null;
  const { data, info } = await sharp(image)
    .greyscale()
    .resize({ width: PROBE_W })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const ink = (x: number, y: number) => data[y * w + x] < 200;
  // the text's rows: from the first inked row to the last
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (ink(x, y)) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
  if (top < 0 || bottom - top < h / 4) return null;
  const cols = new Uint32Array(w);
  for (let y = top; y <= bottom; y++) for (let x = 0; x < w; x++) if (ink(x, y)) cols[x]++;
  // the widest blank band (a speck or two allowed) in the middle 40 %
  let best = { from: 0, len: 0 };
  let from = -1;
  for (let x = Math.round(w * 0.3); x <= Math.round(w * 0.7) + 1; x++) {
    const blank = x <= Math.round(w * 0.7) && cols[x] <= 2;
    if (blank && from < 0) from = x;
    if (!blank && from >= 0) {
      if (x - from > best.len) best = { from, len: x - from };
      from = -1;
    }
  }
  if (best.len < MIN_GUTTER) return null;
  const mid = best.from + best.len / 2;
  // text on both sides, or there is nothing to share
  let leftInk = 0;
  let rightInk = 0;
  for (let x = 0; x < w; x++) {
    if (x < mid) leftInk += cols[x];
    else rightInk += cols[x];
  }
  if (leftInk < 50 || rightInk < 50) return null;
  const cut = Math.round((mid * W) / w);
  const part = (left: number, width: number) =>
    sharp(image).extract({ left, top: 0, width, height: H }).greyscale().png({ compressionLevel: 1 }).toBuffer();
  const [left, right] = await Promise.all([part(0, cut), part(cut, W - cut)]);
  return { left, right, cut };
}

/** The two halves' readings as one page: the right one moved by `dx` points, its paragraphs its own. */
export function joinHalves(left: OcrPage, right: OcrPage, dx: number): OcrPage {
  const paras = left.lines.reduce((m, l) => Math.max(m, l.para), 0);
  const words = (p: OcrPage) => p.lines.reduce((n, l) => n + l.words.length, 0);
  const [nl, nr] = [words(left), words(right)];
  return {
    lines: [
      ...left.lines,
      ...right.lines.map((l) => ({
        ...l,
        para: l.para + paras,
        words: l.words.map((wd) => ({ ...wd, x0: wd.x0 + dx, x1: wd.x1 + dx })),
      })),
    ],
    confidence: nl + nr ? (left.confidence * nl + right.confidence * nr) / (nl + nr) : 0,
  };
}
