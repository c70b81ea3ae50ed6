// A scanned page is read in pieces by two tesseract threads at once (issue 19: a single dense page was
// read by one thread while the other waited, and a job's first and last pages kept one thread idle). The
// page is cut only along blank bands, so no line is cut and the reading order stays tesseract's own: two
// text columns at their gutter (the left column, then the right one, as tesseract reads a whole page); a
// title or abstract across two columns above them; and a column of running text between two of its lines
// near its middle (the top, then the bottom; a page of one column in four). Tables, forms and pages of a
// few lines are not cut between lines: tesseract reads them worse apart from their context; a ruled page
// is cut at a rule across it (ocr-ruled.ts).
import sharp from 'sharp';
import type { OcrPage } from './ocr';
import { partsAt, ruleCut } from './ocr-ruled';

/** Width of the page as searched for a gutter (about 50 dpi for a letter page). */
const PROBE_W = 425;
/** Probe pixels darker than this are ink, when looking for a gutter and for the text's first and last rows. */
const PROBE_INK = 200;
/** The narrowest gutter taken (probe pixels, ~0.1 in on a letter page). */
const MIN_GUTTER = 5;
/** Between paper (the page's median grey) and the darkest ink (its darkest 0.1 %), the level from which a
 * pixel is ink when looking for a blank row between two lines: a quarter of the way down from paper, so a
 * pale or low-contrast scan's thin strokes count too (at a fixed level a cut went through their ascenders). */
const INK_DEPTH = 0.25;
/** Ink pixels a row may have and still be blank, and the fewest rows of ink that make a line (at 200 dpi
 * 6 pt text's x-height is 8 px). */
const SPECK = 2;
const MIN_RUN = 5;
/** Less contrast than this between paper and ink, and no line is told apart from the next (only a gutter is cut). */
const MIN_CONTRAST = 60;
/** A part of the page read alone holds at least this share of the text's height. */
const MIN_PART = 0.3;
/** Margin (px) added around each piece, so that no line touches the image's edge; of the paper's grey (a
 * white one around a yellowed scan's halves lost a third of their words). */
export const PAD = 24;
/** A region is cut between its lines only when it has this many lines of text at least (a column of a
 * dense article has 50-60; an invoice's blocks a few, and a cut above its table lost the table's heading). */
const MIN_LINES = 20;

export interface Piece {
  image: Buffer;
  /** where the piece starts in the page image (pixels) */
  x: number;
  y: number;
  /** the piece below the one before it in the same column: a paragraph may run on across the cut */
  below: boolean;
  /** the width of its ink (pixels) */
  width: number;
}

interface Probe {
  data: Buffer;
  w: number;
  h: number;
}

/** The widest run of x in [from, to) where `blank` holds (the first of the widest), as its start and
 * length (0 when there is none). */
export function widestRun(from: number, to: number, blank: (x: number) => boolean): { from: number; len: number } {
  let best = { from: 0, len: 0 };
  for (let x = from, start = -1; x <= to; x++) {
    const b = x < to && blank(x);
    if (b && start < 0) start = x;
    if (!b && start >= 0) {
      if (x - start > best.len) best = { from: start, len: x - start };
      start = -1;
    }
  }
  return best;
}

/** The ink pixels of each probe column in rows [y0, y1]. */
function inkColumns({ data, w }: Probe, y0: number, y1: number): Uint32Array {
  const cols = new Uint32Array(w);
  for (let y = y0; y <= y1; y++) for (let x = 0; x < w; x++) if (data[y * w + x] < PROBE_INK) cols[x]++;
  return cols;
}

/** The widest blank column band (a speck or two allowed) in the middle 40 % of probe rows [y0, y1], as its
 * middle (probe pixels), or null when there is none or no text on one side of it. */
function gutter(p: Probe, y0: number, y1: number): number | null {
  const { w } = p;
  const cols = inkColumns(p, y0, y1);
  const best = widestRun(Math.round(w * 0.3), Math.round(w * 0.7) + 1, (x) => cols[x] <= 2);
  if (best.len < MIN_GUTTER) return null;
  const mid = best.from + best.len / 2;
  // text on both sides, or there is nothing to share
  let leftInk = 0;
  let rightInk = 0;
  for (let x = 0; x < w; x++) {
    if (x < mid) leftInk += cols[x];
    else rightInk += cols[x];
  }
  return leftInk < 50 || rightInk < 50 ? null : mid;
}

interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
  below: boolean;
}

/** The full-resolution grey page. */
interface Grey {
  data: Buffer;
  W: number;
  /** levels under this are ink */
  ink: number;
}

/** The median of `n` values (0..255) counted in a histogram. */
export function histogramMedian(hist: Uint32Array, n: number): number {
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc * 2 >= n) return v;
  }
  return 255;
}

/** The paper's level of a grey page, its darkest ink and its ink level (INK_DEPTH): none (-1) when its
 * contrast is too low to tell lines apart. */
export function levels(data: Uint8Array): { paper: number; ink: number; dark: number } {
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]]++;
  const level = (share: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += hist[v]) >= share * data.length) return v;
    return 255;
  };
  const paper = level(0.5);
  const dark = level(0.001);
  return { paper, dark, ink: paper - dark < MIN_CONTRAST ? -1 : paper - INK_DEPTH * (paper - dark) };
}

interface Band {
  from: number;
  to: number;
}
const bandMiddle = (b: Band) => Math.round((b.from + b.to) / 2);

/** Region `r`'s blank bands ([from, to): rows with no ink across the region but specks) and its first and
 * last inked rows (-1 when it has none). Ink only a few rows tall is dust, not a line: it joins the bands. */
function rowBands(g: Grey, r: Region): { bands: Band[]; first: number; last: number } {
  const runs: Band[] = [];
  let from = -1;
  for (let y = r.y; y <= r.y + r.h; y++) {
    let blank = y < r.y + r.h;
    // (a speck or two in a row of a dirty scan leaves it blank)
    for (let i = y * g.W + r.x, end = i + r.w, n = 0; blank && i < end; i++)
      if (g.data[i] < g.ink && ++n > SPECK) blank = false;
    if (!blank && from < 0) from = y;
    if (blank && from >= 0) {
      if (y - from >= MIN_RUN) runs.push({ from, to: y });
      from = -1;
    }
  }
  if (!runs.length) return { bands: [], first: -1, last: -1 };
  const bands = [{ from: r.y, to: runs[0].from }];
  runs.forEach((run, i) => bands.push({ from: run.to, to: i + 1 < runs.length ? runs[i + 1].from : r.y + r.h }));
  return { bands: bands.filter((b) => b.to > b.from), first: runs[0].from, last: runs[runs.length - 1].to - 1 };
}

/** The row to cut region `r` at, between two lines of running text: the middle of the blank band nearest
 * the middle of its text, at least MIN_PART of the text's height from either end, with lines of text on
 * both sides (tesseract reads a table or a figure cut from its context worse: a table's heading under a cut
 * was not read at all); `ok` vets each candidate. Null when the region has less than `minText` rows of
 * text, fewer than MIN_LINES lines, or no such band. */
function cutRow(g: Grey, r: Region, minText: number, ok: (y: number) => boolean = () => true): number | null {
  const { bands, first, last } = rowBands(g, r);
  const span = last - first;
  if (first < 0 || span < minText) return null;
  // the inked rows between two blank bands: a line of text each, or a table, a figure
  const inner = bands.filter((b) => b.from > first && b.to <= last);
  const runs = [first, ...inner.map((b) => b.to)].map(
    (from, i) => (i < inner.length ? inner[i].from : last + 1) - from,
  );
  const line = [...runs].sort((a, b) => a - b)[runs.length >> 1];
  // running text: many lines of about one height (an invoice's or a form's few lines are read whole)
  if (runs.filter((h) => h >= 0.5 * line && h <= 2 * line).length < MIN_LINES) return null;
  // (band i lies between runs i and i + 1)
  const textAround = (i: number) => runs.slice(Math.max(0, i - 2), i + 4).every((h) => h <= 2 * line);
  const middle = (first + last) / 2;
  const near = inner
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => b.from >= first + MIN_PART * span && b.to <= last - MIN_PART * span)
    .sort((p, q) => Math.abs(bandMiddle(p.b) - middle) - Math.abs(bandMiddle(q.b) - middle))
    .find(({ b, i }) => textAround(i) && ok(bandMiddle(b)));
  return near ? bandMiddle(near.b) : null;
}

/** Region `r` cut `depth` times in two between its lines (top first), where it has text enough. */
function cutDown(g: Grey, r: Region, depth: number, minText: number, ok?: (y: number) => boolean): Region[] {
  const y = depth > 0 ? cutRow(g, r, minText, ok) : null;
  if (y === null) return [r];
  return [
    ...cutDown(g, { ...r, h: y - r.y }, depth - 1, minText, ok),
    ...cutDown(g, { ...r, y, h: r.y + r.h - y, below: true }, depth - 1, minText, ok),
  ];
}

/** A page image's grey pixels (the leader search and the cut read the same decode). */
export interface GreyPage {
  data: Buffer;
  W: number;
  H: number;
}

export async function greyPage(image: Uint8Array): Promise<GreyPage> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, W: info.width, H: info.height };
}

/** The page image in pieces to read at once, in reading order, or null when it is best read whole (little
 * text, no blank band to cut along). Each piece is about a quarter of a page's text: two threads finish a
 * job's pages close together. */
export async function splitPage(image: Uint8Array, grey?: GreyPage, dpi = 200): Promise<Piece[] | null> {
  const meta = grey ? { width: grey.W, height: grey.H } : await sharp(image).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  if (W < PROBE_W * 2 || !H) return null;
  // (from the grey pixels when the caller has them: no second decode, and the page they read may differ
  // from the image: ocr-bars.ts)
  const { data, info } = await (grey ? sharp(grey.data, { raw: { width: W, height: H, channels: 1 } }) : sharp(image))
    .greyscale()
    .resize({ width: PROBE_W })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const p: Probe = { data, w: info.width, h: info.height };
  const ink = (x: number, y: number) => data[y * p.w + x] < PROBE_INK;
  // the text's rows: from the first inked row to the last
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < p.h; y++)
    for (let x = 0; x < p.w; x++)
      if (ink(x, y)) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
  if (top < 0 || bottom - top < p.h / 4) return null;
  const pixels = grey?.data ?? (await sharp(image).greyscale().raw().toBuffer());
  const lv = levels(pixels);
  const g: Grey = { data: pixels, W, ink: lv.ink };
  const k = W / p.w; // full-resolution pixels per probe pixel
  // (a region cut between its lines has 8 lines of 10 pt text at least: 1/8 of a letter page's height)
  const minText = Math.round(H / 8);
  const columns = (y: number, cut: number): Region[] => [
    ...cutDown(g, { x: 0, y, w: cut, h: H - y, below: false }, 1, minText),
    ...cutDown(g, { x: cut, y, w: W - cut, h: H - y, below: false }, 1, minText),
  ];
  let regions: Region[] | null = null;
  const mid = gutter(p, top, bottom);
  if (mid !== null) regions = columns(0, Math.round(mid * k));
  else if (H >= W) {
    // (a band across is cut only on a page taller than wide: not a band of a page, not a slide)
    const page: Region = { x: 0, y: 0, w: W, h: H, below: false };
    // across a full-width cut no columns may run on (the tops of both would be read before the rest)
    const win = Math.max(8, Math.round(p.h * 0.06)); // probe rows either side: 3-4 lines of text
    const across = (y: number) => {
      const py = Math.round(y / k);
      return gutter(p, Math.max(top, py - win), Math.min(bottom, py + win)) === null;
    };
    // A title or an abstract across two columns: the first blank band under which the page has a gutter.
    const { bands, first, last } = rowBands(g, page);
    for (const b of bands) {
      if (b.from <= first) continue; // (the margin above the text)
      if (last - b.to < MIN_PART * (last - first)) break; // (too little below to share)
      const gx = gutter(p, Math.ceil(b.to / k), bottom);
      if (gx === null) continue;
      const y = bandMiddle(b);
      regions = [...cutDown(g, { ...page, h: y }, 1, minText, across), ...columns(y, Math.round(gx * k))];
      break;
    }
    // One column: in four, between its lines.
    regions ??= cutDown(g, page, 2, minText, across);
  }
  if (regions && regions.length > 1)
    return regions.map((r) => pieceOf(g.data, W, r, lv.paper, lv.ink < 0 ? undefined : lv.ink));
  // A form, a table: in two at a rule across it, each part without what lies beyond the rule (on a page
  // taller than wide: a slide's rule under a few lines is not worth a cut; cut, two slides read worse).
  const text = { ...inkedWidth(p, top, bottom, k), first: Math.floor(top * k), last: Math.ceil((bottom + 1) * k) };
  const rule = H >= W && lv.ink >= 0 && ruleCut(pixels, W, lv.ink, text, dpi);
  if (!rule) return null;
  return partsAt(pixels, W, rule, lv.paper).map((part) =>
    pieceOf(part.data, W, { x: 0, y: part.y, w: W, h: part.h }, lv.paper, lv.ink),
  );
}

/** The probe's inked columns in rows [top, bottom], in full-resolution pixels (`k` a probe pixel). */
function inkedWidth(p: Probe, top: number, bottom: number, k: number): { x0: number; x1: number } {
  const cols = inkColumns(p, top, bottom);
  const from = cols.findIndex((n) => n > SPECK);
  const to = cols.findLastIndex((n) => n > SPECK);
  return { x0: Math.floor(Math.max(0, from) * k), x1: Math.ceil((to + 1) * k) };
}

/** Region `r` of a grey page (`W` pixels wide) with a margin of paper, as a piece: a binary PGM, which
 * tesseract.js (Leptonica) reads as it is, where a PNG costs it an inflate and filters in WebAssembly (~0.1 s
 * of a piece's ~1.5 s). */
export function pieceOf(
  data: Uint8Array,
  W: number,
  r: { x: number; y: number; w: number; h: number; below?: boolean },
  paper: number,
  ink = paper - MIN_CONTRAST,
): Piece {
  const w = r.w + 2 * PAD;
  const h = r.h + 2 * PAD;
  const out = Buffer.alloc(w * h, paper);
  const inked = new Uint32Array(r.w);
  for (let y = 0; y < r.h; y++) {
    const from = (r.y + y) * W + r.x;
    out.set(data.subarray(from, from + r.w), (PAD + y) * w + PAD);
    for (let x = 0; x < r.w; x++) if (data[from + x] < ink) inked[x]++;
  }
  // (a column with a speck or two is blank)
  const first = inked.findIndex((n) => n > SPECK);
  const last = inked.findLastIndex((n) => n > SPECK);
  const width = first < 0 ? 0 : last - first + 1;
  return { image: pgm(out, w, h), x: r.x - PAD, y: r.y - PAD, below: r.below ?? false, width };
}

/** Grey pixels (`w` by `h`) as a binary PGM. */
export function pgm(pixels: Uint8Array, w: number, h: number): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1'), pixels]);
}

/** The pieces' readings as one page, each moved by its piece's place (`k` points per pixel). Each piece's
 * paragraphs are its own, but for a piece under the one before it: its first paragraph is the last one of
 * that piece (ocr-page.ts joins the lines only where their pitch and left edge run on). */
export function joinPieces(readings: OcrPage[], pieces: Pick<Piece, 'x' | 'y' | 'below'>[], k: number): OcrPage {
  const lines: OcrPage['lines'] = [];
  let paras = 0;
  let words = 0;
  let confSum = 0;
  readings.forEach((r, i) => {
    const dx = pieces[i].x * k;
    const dy = pieces[i].y * k;
    const first = r.lines.length ? r.lines[0].para : 0;
    // (only onto the piece right above: when it read nothing, the paragraph before is another part's)
    const runsOn = pieces[i].below && i > 0 && readings[i - 1].lines.length > 0 && r.lines.length > 0;
    const shift = runsOn ? paras - first : paras;
    for (const l of r.lines) {
      lines.push({
        ...l,
        baseline: l.baseline + dy,
        para: l.para + shift,
        words: l.words.map((wd) => ({ ...wd, x0: wd.x0 + dx, x1: wd.x1 + dx, y0: wd.y0 + dy, y1: wd.y1 + dy })),
      });
      paras = Math.max(paras, l.para + shift);
    }
    const n = r.lines.reduce((s, l) => s + l.words.length, 0);
    words += n;
    confSum += r.confidence * n;
  });
  return { lines, confidence: words ? confSum / words : 0 };
}
