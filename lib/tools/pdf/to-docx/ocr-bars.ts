// Text on shaded bars (a slide's title and footer, a box's title, an invoice's table header) is set dark on
// paper before a scanned page is read (issue 19). Tesseract binarises a page with one threshold (Otsu): on
// a page of white and mid-grey, the grey bars come out black with their black text lost in them (a Beamer
// slide scanned at 200 dpi lost its title, box title and footer: recall 0.333-0.722); its handling of
// inverted lines reads light text on a dark bar, which is mapped alike. Its own adaptive thresholding
// (Sauvola) reads the bars but lost words on ten other scans: here only the bars change. A dark page (a dark
// slide) is read as its negative first. The page picture keeps its bars: only the image tesseract reads changes.
import { components } from './ocr-leaders';
import { evenLight } from './ocr-light';
import { withoutMargins } from './ocr-margins';
import { histogramMedian, levels, type GreyPage } from './ocr-split';

/** A bar is this many points tall at least (a slide's footer: 5 pt text on a 7 pt bar)... */
const MIN_H_PT = 6;
/** ...and this many inches wide. */
const MIN_W_IN = 0.5;
/** A page whose median level is under this is light text on a dark ground (a dark slide, a screenshot of a
 * dark theme): it is read as its negative. */
const DARK_PAGE = 96;
/** A bar's rows have runs of shading this many inches long (beside and between its words). */
const RUN_IN = 0.1;
/** A bar is this many levels darker than the paper at least (paler shading reads as paper does). */
const DEPTH = 24;
/** A row of a bar is covered across this share of the bar's width at least (light text's strokes aside). */
const ROW_FILL = 0.45;
/** The bar's own level varies this little (median absolute deviation): flat colours (a footer of three shades
 * 13 levels apart), not a photograph. */
const FLAT = 16;
/** Text differs from its bar by this many levels at least... */
const APART = 40;
/** ...and its median by this many. */
const CONTRAST = 60;
/** A row through the bar's text crosses this many strokes at least (a big bold letter has 2-4). */
const MIN_HOLES = 6;

/** A bar found on the page: its rows, each row's shaded extent, its level and its text's level. */
export interface Bar {
  y0: number;
  /** per row from y0: first and last shaded pixel */
  from: Int32Array;
  to: Int32Array;
  bar: number;
  text: number;
}

/** The bars in rows y0..y1 of a component spanning x0..x1 (`ground`: levels under it are not paper): runs
 * of rows covered across the component, each of one level (a box's dark title bar over its pale body is two
 * bars). */
function barsIn(
  { data, W }: GreyPage,
  c: { x0: number; x1: number; y0: number; y1: number },
  ground: number,
  minH: number,
): Bar[] {
  const w = c.x1 - c.x0 + 1;
  const bars: Bar[] = [];
  const hist = new Uint32Array(256);
  let start = -1;
  let first = -1; // the level of the bar's first row
  const close = (y: number) => {
    if (start >= 0 && y - start >= minH) {
      const bar = barOf(data, W, c.x0, c.x1, start, y - 1, ground);
      if (bar) bars.push(bar);
    }
    start = -1;
  };
  for (let y = c.y0; y <= c.y1; y++) {
    hist.fill(0);
    let n = 0;
    for (let i = y * W + c.x0, e = i + w; i < e; i++)
      if (data[i] < ground) {
        hist[data[i]]++;
        n++;
      }
    if (n < ROW_FILL * w) {
      close(y);
      continue;
    }
    const level = histogramMedian(hist, n);
    if (start >= 0 && Math.abs(level - first) > APART / 2) close(y);
    if (start < 0) {
      start = y;
      first = level;
    }
  }
  close(c.y1 + 1);
  return bars;
}

/** Rows y0..y1 between x0 and x1 as a bar, or null when they are not a flat colour holding text. */
function barOf(
  data: Uint8Array,
  W: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  ground: number,
): Bar | null {
  const h = y1 - y0 + 1;
  const from = new Int32Array(h);
  const to = new Int32Array(h);
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    const row = y * W;
    let a = x0;
    let b = x1;
    while (a < b && data[row + a] >= ground) a++;
    while (b > a && data[row + b] >= ground) b--;
    from[y - y0] = a;
    to[y - y0] = b;
    for (let i = row + a; i <= row + b; i++) hist[data[i]]++;
    n += b - a + 1;
  }
  const bar = histogramMedian(hist, n);
  const dev = new Uint32Array(256);
  for (let v = 0; v < 256; v++) dev[Math.abs(v - bar)] += hist[v];
  if (histogramMedian(dev, n) > FLAT) return null;
  // the text: the pixels well apart from the bar's level, darker or lighter, whichever are more
  const darker = new Uint32Array(256);
  const lighter = new Uint32Array(256);
  let nd = 0;
  let nl = 0;
  for (let v = 0; v < 256; v++) {
    if (v <= bar - APART) {
      darker[v] = hist[v];
      nd += hist[v];
    } else if (v >= bar + APART) {
      lighter[v] = hist[v];
      nl += hist[v];
    }
  }
  if (!nd && !nl) return null;
  const text = nd >= nl ? histogramMedian(darker, nd) : histogramMedian(lighter, nl);
  // a line of text crosses many strokes: a row with MIN_HOLES of them at least
  let holes = 0;
  for (let y = y0; y <= y1 && holes < MIN_HOLES; y++) {
    let runs = 0;
    let inText = false;
    for (let i = y * W + from[y - y0], e = y * W + to[y - y0]; i <= e; i++) {
      const apart = nd >= nl ? data[i] <= bar - APART : data[i] >= bar + APART;
      if (apart && !inText) runs++;
      inText = apart;
    }
    holes = Math.max(holes, runs);
  }
  return holes >= MIN_HOLES && Math.abs(text - bar) >= CONTRAST ? { y0, from, to, bar, text } : null;
}

/** Whether `minH` rows in a row have a run of `run` pixels under `ground` at least: a bar's rows do (around
 * and between its words), a page of text on paper has none (its strokes are short, its rules thin); a
 * cheap test before the page's components are found. */
function runsAcross({ data, W, H }: GreyPage, ground: number, run: number, minH: number): boolean {
  let rows = 0;
  for (let y = 0; y < H; y++) {
    let len = 0;
    let long = false;
    for (let i = y * W, e = i + W; i < e && !long; i++) long = (len = data[i] < ground ? len + 1 : 0) >= run;
    rows = long ? rows + 1 : 0;
    if (rows >= minH) return true;
  }
  return false;
}

/** The bars of a page (flat shading darker than its paper) that hold text. */
export function findBars(grey: GreyPage, dpi: number): Bar[] {
  const { data, W, H } = grey;
  const { paper, ink } = levels(data);
  if (ink < 0) return [];
  const ground = paper - DEPTH;
  const minH = Math.round((MIN_H_PT * dpi) / 72);
  const minW = Math.round(MIN_W_IN * dpi);
  if (!runsAcross(grey, ground, Math.round(RUN_IN * dpi), minH)) return [];
  return components(data, W, H, ground)
    .filter((c) => c.x1 - c.x0 + 1 >= minW && c.y1 - c.y0 + 1 >= minH && c.n >= ROW_FILL * minW * minH)
    .flatMap((c) => barsIn(grey, c, ground, minH));
}

/** The page with its bars' text set dark on paper, or null when it has no bar. */
export function withBarsInverted(grey: GreyPage, dpi: number): GreyPage | null {
  const bars = findBars(grey, dpi);
  if (!bars.length) return null;
  const out = Buffer.from(grey.data);
  for (const b of bars) {
    // the bar's level becomes paper (255) and its text's level ink (0), edges in between; whatever lies
    // beyond the bar's level (from the text) is paper
    const span = b.bar - b.text;
    for (let r = 0; r < b.from.length; r++) {
      const row = (b.y0 + r) * grey.W;
      for (let i = row + b.from[r]; i <= row + b.to[r]; i++)
        out[i] = Math.max(0, Math.min(255, Math.round(((out[i] - b.text) * 255) / span)));
    }
  }
  return { data: out, W: grey.W, H: grey.H };
}

function negative(data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(data.length);
  for (let i = 0; i < data.length; i++) out[i] = 255 - data[i];
  return out;
}

/** The page as tesseract is given it, or null when that is the page as it is: a dark page as its negative,
 * a photocopy without its black borders and punched holes (ocr-margins.ts), a page lit unevenly evened
 * out (ocr-light.ts), and its bars' text set dark on paper. */
export function forReading(grey: GreyPage, dpi: number): GreyPage | null {
  const lv = levels(grey.data);
  const dark = lv.paper < DARK_PAGE;
  const negated = dark ? { ...grey, data: negative(grey.data) } : grey;
  const framed = (!dark && withoutMargins(grey, dpi, lv)) || negated;
  const page = evenLight(framed, dpi) ?? framed;
  return withBarsInverted(page, dpi) ?? (page !== grey ? page : null);
}
