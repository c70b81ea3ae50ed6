// A photocopy's black borders (the copier's lid around a smaller sheet, a page laid askew) and its punched
// holes are taken off the image tesseract reads (issue 19): by them a made photocopy lost a table row and a
// header cell, and a hole was read as "C)". Only what lies at the page's edges changes, and the page
// picture keeps them (as bars do: ocr-bars.ts).
import { components } from './ocr-leaders';
import { levels, type GreyPage } from './ocr-split';

/** A border is at most this deep (inches) from its edge... */
const MAX_DEPTH_IN = 0.6;
/** ...dark from the edge in this share of the side's rows (or columns) at least... */
const SIDE_SHARE = 0.9;
/** ...and its inner edge lies within STEADY pixels of its mean over WINDOW rows around, in STEADY_SHARE of
 * them (a dark bar touching the edge has lettering in it: runs from the edge stop at a letter or go on). */
const STEADY = 4;
const WINDOW = 32;
const STEADY_SHARE = 0.9;
/** Pixels painted beyond a border or a hole: their grey edges. */
const EDGE = 3;
/** A punched hole is round, this wide (inches), filled like a disc (a number in a black circle is not), and
 * within HOLE_NEAR_IN of an edge. */
const HOLE_IN = [0.15, 0.45] as const;
const HOLE_FILL = [0.7, 0.85] as const;
const HOLE_NEAR_IN = 1;

type Side = 'left' | 'right' | 'top' | 'bottom';

const across = (side: Side) => side === 'left' || side === 'right';

/** The index of the pixel `i` pixels in from a side's edge on its row (left, right) or column (top,
 * bottom) `line`. */
function inFrom({ W, H }: GreyPage, side: Side, line: number, i: number): number {
  if (side === 'left') return line * W + i;
  if (side === 'right') return line * W + W - 1 - i;
  if (side === 'top') return i * W + line;
  return (H - 1 - i) * W + line;
}

/** The depth of the dark run from the edge on each row (left, right) or column (top, bottom) of a side: -1
 * where it runs deeper than `max` (a picture reaching the edge, a corner of the border across). */
function depths(g: GreyPage, side: Side, dark: number, max: number): Int32Array {
  const lines = across(side) ? g.H : g.W;
  const reach = Math.min(max + 1, across(side) ? g.W : g.H);
  const out = new Int32Array(lines);
  for (let line = 0; line < lines; line++) {
    let d = 0;
    while (d < reach && g.data[inFrom(g, side, line, d)] < dark) d++;
    out[line] = d > max ? -1 : d;
  }
  return out;
}

/** Whether a side's depths are a border's: dark from the edge nearly everywhere, its inner edge steady. */
function isBorder(d: Int32Array): boolean {
  const n = d.length;
  // sums of the depths (and counts) of the lines dark from the edge, for the mean around each
  const sum = new Float64Array(n + 1);
  const cnt = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    sum[i + 1] = sum[i] + (d[i] >= 2 ? d[i] : 0);
    cnt[i + 1] = cnt[i] + (d[i] >= 2 ? 1 : 0);
  }
  if (cnt[n] < SIDE_SHARE * n) return false;
  let steady = 0;
  for (let i = 0; i < n; i++) {
    if (d[i] < 2) continue;
    const a = Math.max(0, i - WINDOW);
    const b = Math.min(n, i + WINDOW + 1);
    if (Math.abs(d[i] - (sum[b] - sum[a]) / (cnt[b] - cnt[a])) <= STEADY) steady++;
  }
  return steady >= STEADY_SHARE * cnt[n];
}

function paintBorder(out: Buffer, g: GreyPage, side: Side, d: Int32Array, paper: number): void {
  const reach = across(side) ? g.W : g.H;
  for (let line = 0; line < d.length; line++) {
    if (d[line] <= 0) continue;
    for (let i = 0; i < Math.min(d[line] + EDGE, reach); i++) out[inFrom(g, side, line, i)] = paper;
  }
}

/** Paints the round dark blots near the page's edges (punched holes) with paper; the number painted. */
function paintHoles(out: Buffer, g: GreyPage, dark: number, dpi: number, paper: number): number {
  const { W, H } = g;
  const near = HOLE_NEAR_IN * dpi;
  const holes = components(out, W, H, dark).filter((c) => {
    const w = c.x1 - c.x0 + 1;
    const h = c.y1 - c.y0 + 1;
    const cx = (c.x0 + c.x1) / 2;
    const cy = (c.y0 + c.y1) / 2;
    return (
      w >= HOLE_IN[0] * dpi &&
      w <= HOLE_IN[1] * dpi &&
      Math.abs(w - h) <= 0.2 * Math.max(w, h) &&
      c.n >= HOLE_FILL[0] * w * h &&
      c.n <= HOLE_FILL[1] * w * h &&
      Math.min(cx, cy, W - cx, H - cy) <= near
    );
  });
  for (const c of holes) {
    const cx = (c.x0 + c.x1) / 2;
    const cy = (c.y0 + c.y1) / 2;
    // (a scan's hole has a soft rim lighter than `dark`: a tenth of its radius more)
    const r = (Math.max(c.x1 - c.x0, c.y1 - c.y0) / 2) * 1.1 + EDGE;
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(H - 1, Math.ceil(cy + r)); y++)
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(W - 1, Math.ceil(cx + r)); x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) out[y * W + x] = paper;
  }
  return holes.length;
}

/** The page without the black borders along its edges and the holes punched near them, or null when it
 * has none (`lv`: the page's levels, when the caller has them). */
export function withoutMargins(g: GreyPage, dpi: number, lv = levels(g.data)): GreyPage | null {
  const { paper, dark: darkest } = lv;
  // dark: nearer the darkest ink than the paper (a border's and a hole's black, not a shaded margin)
  const dark = (paper + darkest) / 2;
  if (paper - darkest < 60) return null;
  const max = Math.round(MAX_DEPTH_IN * dpi);
  const out = Buffer.from(g.data);
  const deepest: Partial<Record<Side, number>> = {};
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    const d = depths(g, side, dark, max);
    if (!isBorder(d)) continue;
    paintBorder(out, g, side, d, paper);
    deepest[side] = Math.max(...d) + EDGE;
  }
  // where two borders meet, each ran too deep along the other: the corner is painted as a block
  const { W, H } = g;
  for (const [v, h] of [
    ['left', 'top'],
    ['right', 'top'],
    ['left', 'bottom'],
    ['right', 'bottom'],
  ] as const) {
    const dx = deepest[v];
    const dy = deepest[h];
    if (dx === undefined || dy === undefined) continue;
    for (let y = h === 'top' ? 0 : H - dy; y < (h === 'top' ? dy : H); y++)
      out.fill(paper, y * W + (v === 'left' ? 0 : W - dx), y * W + (v === 'left' ? dx : W));
  }
  const holes = paintHoles(out, g, dark, dpi, paper);
  return Object.keys(deepest).length || holes ? { data: out, W, H } : null;
}
