// Dot leaders ("Installation . . . . . . 3") are taken off a scanned page before it is read (issue 19). On a
// contents page tesseract reads close-set leaders as letters ("cas cos na san mae") and loses the titles
// beside them ("Microsott WiINdOWS"): the pdf-real manuals' contents pages, scanned at 200 dpi, came back
// with 48-80 % of their words. Without the leaders the titles read cleanly, and a contents page is read as
// one block of lines, so that each title keeps its page number on its line (tesseract's own layout takes a
// column of page numbers for vertical text once the leaders are gone). The page picture keeps its leaders:
// only the image tesseract reads is cleaned.
import type { OcrPage } from './ocr';
import { levels, pgm, pieceOf, widestRun, type GreyPage, type Piece } from './ocr-split';

/** A dot is at most this many points across (a 12 pt period is ~1.2 pt). */
const DOT_PT = 1.6;
/** Dots of one leader are at most this many points apart (TeX sets them 4.5 pt apart, Word ~3 pt); the
 * spaced dots of a tax form (12 pt apart) are read as periods and stay. */
const GAP_PT = 9;
/** A leader has this many dots at least (an ellipsis has three). */
const MIN_DOTS = 5;
/** A page is cleaned when it has this many leaders at least (a signature line or two is left as it is). */
const MIN_LEADERS = 3;
/** A contents page: this share of its leaders end at one place (before right-aligned page numbers)... */
const ALIGNED = 0.8;
/** ...within this share of the page's width. */
const ALIGN_W = 0.015;
/** Read as one block, a contents page must show the title before this share of its leaders, or it is read
 * with tesseract's own layout (titles in link boxes were lost as one block). */
export const TITLED = 0.7;

export interface Comp {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** ink pixels */
  n: number;
}

/** A leader, in pixels of the page image: from its first dot to its last, on the dots' middle row. */
export interface Leader {
  x0: number;
  x1: number;
  y: number;
  /** distance between two dots */
  gap: number;
}

/** Connected ink components (8-connected), from runs of ink row by row. */
export function components(data: Uint8Array, W: number, H: number, ink: number): Comp[] {
  const comps: Comp[] = [];
  const parent: number[] = [];
  const find = (a: number) => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]];
    return a;
  };
  let prev: number[] = []; // runs of the row above: x0, x1, id, ...
  for (let y = 0; y < H; y++) {
    const cur: number[] = [];
    let p = 0;
    for (let x = 0, row = y * W; x < W; x++) {
      if (data[row + x] >= ink) continue;
      const x0 = x;
      while (x + 1 < W && data[row + x + 1] < ink) x++;
      let id = -1;
      // runs above that touch this one, diagonals included
      while (p < prev.length && prev[p + 1] < x0 - 1) p += 3;
      for (let q = p; q < prev.length && prev[q] <= x + 1; q += 3) {
        const r = find(prev[q + 2]);
        if (id < 0) id = r;
        else if (r !== id) {
          parent[r] = id;
          const a = comps[id];
          const b = comps[r];
          a.x0 = Math.min(a.x0, b.x0);
          a.x1 = Math.max(a.x1, b.x1);
          a.y0 = Math.min(a.y0, b.y0);
          a.n += b.n;
        }
      }
      if (id < 0) {
        id = comps.length;
        parent.push(id);
        comps.push({ x0, y0: y, x1: x, y1: y, n: 0 });
      }
      const c = comps[id];
      c.x0 = Math.min(c.x0, x0);
      c.x1 = Math.max(c.x1, x);
      c.y1 = y;
      c.n += x - x0 + 1;
      cur.push(x0, x, id);
    }
    prev = cur;
  }
  return comps.filter((_, i) => parent[i] === i);
}

/** Ink pixels in a rectangle (clipped to the image; dots are small, so their surroundings are too). */
function inkIn(data: Uint8Array, W: number, H: number, ink: number, x0: number, y0: number, x1: number, y1: number) {
  let n = 0;
  for (let y = Math.max(0, y0), ye = Math.min(H - 1, y1); y <= ye; y++)
    for (let i = y * W + Math.max(0, x0), e = y * W + Math.min(W - 1, x1); i <= e; i++) if (data[i] < ink) n++;
  return n;
}

/** The leaders of a grey page image (`ink`: levels under it are ink) and their dots. */
export function findLeaders(
  data: Uint8Array,
  W: number,
  H: number,
  ink: number,
  dpi: number,
): { leaders: Leader[]; dots: Comp[] } {
  const maxDot = Math.max(2, Math.round((DOT_PT * dpi) / 72));
  const maxGap = Math.round((GAP_PT * dpi) / 72);
  // a dot: small, about as wide as tall, filled, with no ink above or below it (not the dot of an i or a colon)
  const dots = components(data, W, H, ink)
    .filter((c) => {
      const w = c.x1 - c.x0 + 1;
      const h = c.y1 - c.y0 + 1;
      if (w > maxDot || h > maxDot || w > 2.5 * h || h > 2.5 * w || c.n < 0.4 * w * h) return false;
      return inkIn(data, W, H, ink, c.x0 - 1, c.y0 - 3 * h, c.x1 + 1, c.y1 + 3 * h) === c.n;
    })
    .sort((a, b) => a.x0 - b.x0);
  const mid = (c: Comp) => (c.y0 + c.y1) / 2;
  const used = new Uint8Array(dots.length);
  const leaders: Leader[] = [];
  const inLeaders: Comp[] = [];
  for (let i = 0; i < dots.length; i++) {
    if (used[i]) continue;
    const chain = [i];
    for (let cur = i; ;) {
      const c = dots[cur];
      const tol = Math.max(1.5, (c.y1 - c.y0 + 1) / 2);
      let next = -1;
      for (let j = cur + 1; j < dots.length && dots[j].x0 <= c.x1 + maxGap; j++)
        if (!used[j] && dots[j].x0 > c.x1 && Math.abs(mid(dots[j]) - mid(c)) <= tol) {
          next = j;
          break;
        }
      if (next < 0) break;
      chain.push(next);
      cur = next;
    }
    if (chain.length < MIN_DOTS) continue;
    // evenly spaced, as a leader's dots are
    const gaps = chain
      .slice(1)
      .map((d, k) => dots[d].x0 - dots[chain[k]].x0)
      .sort((a, b) => a - b);
    const gap = gaps[gaps.length >> 1];
    if (gaps[0] < 0.6 * gap || gaps[gaps.length - 1] > 1.5 * gap) continue;
    for (const d of chain) used[d] = 1;
    const first = dots[chain[0]];
    const last = dots[chain[chain.length - 1]];
    leaders.push({
      x0: first.x0,
      x1: last.x1,
      y: Math.round(chain.reduce((s, d) => s + mid(dots[d]), 0) / chain.length),
      gap,
    });
    inLeaders.push(...chain.map((d) => dots[d]));
  }
  return { leaders, dots: inLeaders };
}

export interface LeaderPage {
  /** the page as a grey PGM without its leaders */
  image: Buffer;
  leaders: Leader[];
  /** a contents page or an index: most leaders end at one place, or at one place in each of two columns;
   * its columns, read each as one block of lines (one column: the image itself) */
  columns: Piece[] | null;
  /** a contents page as two pieces, for when its titles must be read with tesseract's own layout: the page
   * without its column of page numbers, and that column (read as lines: the layout drops a column of
   * numbers it finds no block for; null when no such column stands apart) */
  numbered: Piece[] | null;
}

/** Where most leaders end: one place (a contents page), or one in each of two columns (an index), as the
 * x at which the columns part; undefined when the leaders end in many places. */
function contentsColumns(leaders: Leader[], W: number, blank: (x: number) => boolean): number[] | undefined {
  const ends = leaders.map((l) => l.x1).sort((a, b) => a - b);
  // ends within ALIGN_W of the one before end at one place
  const groups: number[][] = [];
  for (const e of ends) {
    const g = groups[groups.length - 1];
    if (g && e - g[g.length - 1] <= ALIGN_W * W) g.push(e);
    else groups.push([e]);
  }
  const big = groups.filter((g) => g.length >= 0.2 * leaders.length).sort((a, b) => a[0] - b[0]);
  const covered = big.reduce((n, g) => n + g.length, 0);
  if (covered < ALIGNED * leaders.length || big.length > 2) return undefined;
  if (big.length === 1) return [];
  // two columns: the widest band of blank columns between the left one's ends and the right one's leaders
  const leftEnd = big[0][big[0].length - 1];
  const rightStart = Math.min(...leaders.filter((l) => l.x1 >= big[1][0]).map((l) => l.x0));
  const best = widestRun(leftEnd + 1, rightStart, blank);
  return best.len >= 3 ? [best.from + (best.len >> 1)] : undefined;
}

/** The page (its grey pixels) without its dot leaders, or null when it has fewer than MIN_LEADERS (read as
 * it is). */
export function withoutLeaders({ data, W, H }: GreyPage, dpi: number): LeaderPage | null {
  const { paper, ink: light, dark } = levels(data);
  if (light < 0) return null;
  // (a dot's own pixels, its anti-aliased edge aside: halfway between paper and the darkest ink)
  const { leaders, dots } = findLeaders(data, W, H, (paper + dark) / 2, dpi);
  if (leaders.length < MIN_LEADERS) return null;
  const out = Buffer.from(data); // (the page's pixels stay as they are)
  for (const d of dots)
    for (let y = Math.max(0, d.y0 - 2); y <= Math.min(H - 1, d.y1 + 2); y++)
      for (let x = Math.max(0, d.x0 - 2); x <= Math.min(W - 1, d.x1 + 2); x++) {
        // the dot and its edge; in the outer ring only what is paler than ink (a glyph beside it stays whole)
        const ring = y < d.y0 - 1 || y > d.y1 + 1 || x < d.x0 - 1 || x > d.x1 + 1;
        if (!ring || out[y * W + x] >= light) out[y * W + x] = paper;
      }
  // (a column of the page is blank between the first leader's line and the last one's)
  const top = Math.max(0, Math.min(...leaders.map((l) => l.y)) - Math.round((dpi * 12) / 72));
  const bottom = Math.min(H - 1, Math.max(...leaders.map((l) => l.y)) + Math.round((dpi * 4) / 72));
  const blank = (x: number) => inkIn(out, W, H, light, x, top, x, bottom) <= 2;
  const cuts = contentsColumns(leaders, W, blank);
  const image = pgm(out, W, H);
  const numbered = cuts && !cuts.length ? numberColumn(out, W, H, leaders, top, bottom, blank, paper) : null;
  const columns = !cuts
    ? null
    : !cuts.length
      ? [{ image, x: 0, y: 0, below: false, width: W }]
      : [
          pieceOf(out, W, { x: 0, y: 0, w: cuts[0], h: H }, paper),
          pieceOf(out, W, { x: cuts[0], y: 0, w: W - cuts[0], h: H }, paper),
        ];
  return { image, leaders, columns, numbered };
}

/** A contents page cut before its page numbers: where the leaders end, the first run of blank columns
 * (leaders erased) parts them from the numbers, in the rows of the leaders. */
function numberColumn(
  out: Uint8Array,
  W: number,
  H: number,
  leaders: Leader[],
  top: number,
  bottom: number,
  blank: (x: number) => boolean,
  paper: number,
): Piece[] | null {
  let from = Math.max(...leaders.map((l) => l.x1)) + 1;
  while (from < W && !blank(from)) from++;
  let to = from;
  while (to < W && blank(to)) to++;
  if (to >= W || to - from < 2) return null;
  const cut = (from + to) >> 1;
  const rest = Buffer.from(out);
  for (let y = top; y <= bottom; y++) rest.fill(paper, y * W + cut, (y + 1) * W);
  return [
    { image: pgm(rest, W, H), x: 0, y: 0, below: false, width: W },
    pieceOf(out, W, { x: cut, y: top, w: W - cut, h: bottom - top + 1 }, paper),
  ];
}

/** Share of the leaders whose title was read: a word ending just before the leader, on its line (`k`:
 * points per pixel; the reading's boxes are in points). */
export function titledShare(page: OcrPage, leaders: Leader[], k: number): number {
  if (!leaders.length) return 1;
  const words = page.lines.flatMap((l) => l.words);
  const titled = leaders.filter((l) =>
    words.some((w) => {
      const h = (w.y1 - w.y0) / k;
      return w.x1 / k <= l.x0 + l.gap && w.x1 / k >= l.x0 - 4 * l.gap && l.y >= w.y0 / k && l.y <= w.y1 / k + 0.3 * h;
    }),
  ).length;
  return titled / leaders.length;
}
