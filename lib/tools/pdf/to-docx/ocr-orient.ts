// Scans as they come (issue 19): a sheet fed sideways or upside down, with no /Rotate to show it upright,
// and a sheet laid a little askew on the glass. tesseract.js has no orientation data offline (its OSD needs
// the legacy engine), so the page is read as it is first; only when that reading is poor or runs sideways
// is the picture turned and read again, and the turn that reads best is kept; the DOCX page is the upright
// one. Then the reading's own baselines give the skew, and the text set over the scan follows its tilt.
import sharp from 'sharp';
import type { PageData, RenderedPage } from '../pdfjs/protocol';
import type { OcrLine, OcrPage } from './ocr';

export type Turn = 0 | 90 | 180 | 270;

/** Words read at least this surely count as read (clean upright scans: 90-100 % of words; a page read
 * upside down or sideways the wrong way: 5-25 %; a Russian page read with English data: ~20 %). */
export const SURE = 80;
/** A reading with this share of sure words is taken as upright. */
const READS_WELL = 0.5;
/** Skew below this is left alone (2.5 pt over a page's width: less than a word's height); above MAX_SKEW
 * it is not a skew but a drawing or a table of rotated text. */
const MIN_SKEW = 0.3;
const MAX_SKEW = 8;

export interface ReadingStats {
  words: number;
  sure: number;
  /** words of 3+ characters, and how many of them have a box taller than wide (text running sideways) */
  long: number;
  tall: number;
}

export function readingStats(p: OcrPage): ReadingStats {
  const all = p.lines.flatMap((l) => l.words);
  const long = all.filter((w) => w.text.length >= 3);
  return {
    words: all.length,
    sure: all.filter((w) => w.conf >= SURE).length,
    long: long.length,
    tall: long.filter((w) => w.y1 - w.y0 > w.x1 - w.x0).length,
  };
}

/** Lines running down the page: tesseract reads them (as vertical text), but the page is sideways. */
export const sideways = (s: ReadingStats): boolean => s.long >= 4 && s.tall >= 0.6 * s.long;
export const readsWell = (s: ReadingStats): boolean => s.words >= 3 && s.sure >= READS_WELL * s.words && !sideways(s);

/**
 * The turns worth trying after a poor first reading, best guess first. Sideways lines that read well run
 * top to bottom (the sheet was turned clockwise: turn it back by 270); read badly, they run bottom to top.
 * Horizontal lines read badly: upside down, or a script the data does not know (then nothing reads better).
 */
export function turnsToTry(s: ReadingStats): Turn[] {
  if (s.words < 3) return [];
  if (sideways(s)) return s.sure >= READS_WELL * s.words ? [270, 90] : [90, 270];
  return readsWell(s) ? [] : [180];
}

const turned = (image: Uint8Array, turn: Turn) => sharp(image).rotate(turn).jpeg({ quality: 90 }).toBuffer();

export interface UprightReading {
  page: OcrPage;
  turn: Turn;
  /** the page picture as read (turned when turn is not 0) */
  image: Uint8Array;
}

/** Reads a page picture rendered at `dpi`, turned upright when it was scanned sideways or upside down. */
export async function readUpright(
  image: Uint8Array,
  dpi: number,
  read: (img: Uint8Array) => Promise<OcrPage>,
): Promise<UprightReading> {
  const first = await read(image);
  const s0 = readingStats(first);
  let best: UprightReading & { sure: number } = { page: first, turn: 0, image, sure: sideways(s0) ? 0 : s0.sure };
  for (const turn of turnsToTry(s0)) {
    if (turn === 180 && !(await bandReadsBetter(image, dpi, first, read))) continue;
    const img = await turned(image, turn);
    const page = await read(img);
    const s = readingStats(page);
    if (!sideways(s) && s.sure > best.sure) best = { page, turn, image: img, sure: s.sure };
    if (readsWell(s)) break;
  }
  return { page: best.page, turn: best.turn, image: best.image };
}

/** Upside down? A band of the page (a sixth of its height, around the middle of what was read) is read
 * turned over; only if it reads clearly better is the whole page read again (so a page in a script the
 * data does not know costs a sixth of a page more, not a page). */
async function bandReadsBetter(
  image: Uint8Array,
  dpi: number,
  first: OcrPage,
  read: (img: Uint8Array) => Promise<OcrPage>,
): Promise<boolean> {
  const meta = await sharp(image).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  const words = first.lines.flatMap((l) => l.words);
  if (!W || H < 8 || !words.length) return false;
  const k = dpi / 72; // the reading's boxes are in points
  const cy = (w: { y0: number; y1: number }) => ((w.y0 + w.y1) / 2) * k;
  const ys = words.map(cy).sort((a, b) => a - b);
  const band = Math.round(H / 6);
  const b0 = Math.max(0, Math.min(H - band, Math.round(ys[ys.length >> 1] - band / 2)));
  const sure0 = words.filter((w) => cy(w) >= b0 && cy(w) < b0 + band && w.conf >= SURE).length;
  // the same band turned over is at the mirrored place of the turned picture; its two halves are read at
  // once (a dense band read whole by one thread took half as long as the page read by two: 1.9 s / 3.6 s)
  const over = await turned(image, 180);
  const half = W >> 1;
  const probes = await Promise.all(
    [0, half].map((left) =>
      sharp(over)
        .extract({ left, top: H - (b0 + band), width: left ? W - half : half, height: band })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );
  const s = (await Promise.all(probes.map(read))).map(readingStats);
  const sure = s[0].sure + s[1].sure;
  return sure >= Math.max(3, 2 * sure0) && sure >= READS_WELL * (s[0].words + s[1].words);
}

/** The page as the DOCX shows it: upright (width and height swapped for a quarter turn), its picture the
 * turned one. */
export function uprightPage(page: PageData, turn: Turn, image: Uint8Array): PageData {
  const r = page.rendered as RenderedPage;
  const quarter = turn === 90 || turn === 270;
  const width = quarter ? page.height : page.width;
  const height = quarter ? page.width : page.height;
  return { ...page, width, height, rendered: { ...r, x: 0, y: 0, w: width, h: height, data: image } };
}

/** The page's skew in degrees (clockwise positive, as the lines run down to the right), from the
 * baselines of lines long enough to measure: their median, or 0. */
export function skewOf(lines: OcrLine[]): number {
  const slopes = lines
    .filter((l) => l.slope !== undefined && l.words.length >= 3 && l.words[l.words.length - 1].x1 - l.words[0].x0 > 72)
    .map((l) => l.slope as number)
    .sort((a, b) => a - b);
  if (slopes.length < 3) return 0;
  return (Math.atan(slopes[slopes.length >> 1]) * 180) / Math.PI;
}

/** The reading of a skewed scan, each line's slope set to the page's skew (tesseract's own per line is
 * noisy on short lines) so that ocr-page.ts lowers each word as far as the scan's line runs down; a page
 * within MIN_SKEW of level (or past MAX_SKEW: a drawing, not a tilt) gets level lines. The picture stays
 * as scanned: straightening it moved the whole page off the original (SSIM 0.934 -> 0.910 on the made sample). */
export function levelOrSlope(lines: OcrLine[]): { lines: OcrLine[]; skew: number } {
  const deg = skewOf(lines);
  const skew = Math.abs(deg) >= MIN_SKEW && Math.abs(deg) <= MAX_SKEW ? deg : 0;
  const slope = skew ? Math.tan((skew * Math.PI) / 180) : undefined;
  return { lines: lines.map((l) => ({ ...l, slope })), skew };
}

/** A reading that is noise, not text: tesseract reads a photograph's texture (feathers, foliage) as a few
 * dozen fragments it is unsure of (a photo of a chicken: 62 words at 44 % mean confidence, no word of three
 * letters or more read surely); a scan's text, however short, gives sure words. */
export function readsAsNoise(p: OcrPage): boolean {
  const sure = p.lines.flatMap((l) => l.words).filter((w) => w.conf >= SURE && /[\p{L}\p{N}]{3}/u.test(w.text));
  return sure.length < 3 && p.confidence < 70;
}

/** A scanned page read upright: the page as the DOCX shows it (turned) and the reading in that page's
 * coordinates, its lines sloped as the scan's. A reading that is noise gives no lines: the page stays its
 * picture, among the pages with nothing readable. */
export async function readScan(
  page: PageData,
  read: (img: Uint8Array, dpi: number) => Promise<OcrPage>,
): Promise<{ page: PageData; lines: OcrLine[]; turn: Turn; skew: number }> {
  const r = page.rendered as RenderedPage;
  const up = await readUpright(r.data, r.dpi, (img) => read(img, r.dpi));
  if (readsAsNoise(up.page)) return { page, lines: [], turn: 0, skew: 0 };
  const shown = up.turn ? uprightPage(page, up.turn, up.image) : page;
  const { lines, skew } = levelOrSlope(up.page.lines);
  return { page: shown, lines, turn: up.turn, skew };
}
