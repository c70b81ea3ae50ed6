// Pieces of a formula set on several baselines (accents over letters, numerator and denominator, the
// limits of a sum) come out of line building as lines of their own that overlap the formula's main line.
// As separate paragraphs each would take a full line height and push the rest of the page down (a
// two-column article grew from 12 to 15 pages that way), so they join the line they overlap.
import type { Box } from '../pdfjs/protocol';
import type { Line } from './layout';

const right = (b: Box) => b.x + b.w;
const bottom = (b: Box) => b.y + b.h;
/** Characters a formula puts above or below a letter. */
const MARKS_ONLY = /^[\sˆ˜¯˙¨´`ˇ˘˚→←^~.'′″‾_]+$/u;

const text = (l: Line) => l.runs.map((r) => r.str).join('');
/** Operators, Greek letters or a lone symbol: what a numerator or denominator is made of. */
const MATHS = /[∂∑∏∫√∞±×·−=+<>≤≥∇α-ωΓΔΘΛΞΠΣΦΨΩ]|^\s*\S{1,2}\s*$/u;

type Piece = Box & { size: number; marks: boolean; math: boolean };

/** Whether `a` (the smaller piece) is stacked on `b`: above, below, across or inside its band, next to it. */
function stackedOn(a: Piece, b: Piece): boolean {
  const size = Math.max(a.size, b.size);
  const hGap = Math.max(a.x - right(b), b.x - right(a));
  if (hGap > size) return false;
  // A short piece, never a line of text of its own (a title's second line overlaps the first in tight leading).
  if (a.w > 0.6 * b.w && a.w > 4 * a.size && !a.marks) return false;
  const overlap = Math.min(bottom(a), bottom(b)) - Math.max(a.y, b.y);
  // only formula pieces: a form's small labels overlap the lines beside them too
  if (!a.math && !a.marks) return false;
  if (overlap > 0.3 * Math.min(a.h, b.h)) return true;
  const vGap = Math.max(a.y - bottom(b), b.y - bottom(a));
  // numerator over denominator: two short pieces, one above the other across a fraction bar
  // (formula characters required: an address block is short lines one above the other too)
  if (hGap < 0 && vGap < 0.4 * size && a.math && b.math && a.w <= 6 * a.size && b.w <= 6 * b.size) return true;
  // accents just above the letters they belong to
  return a.marks && a.y < b.y && b.y - bottom(a) < 0.5 * b.size;
}

function join(host: Line, piece: Line): void {
  host.runs.push(...piece.runs);
  host.runs.sort((p, q) => p.x - q.x);
  const x = Math.min(host.x, piece.x);
  const y = Math.min(host.y, piece.y);
  host.w = Math.max(right(host), right(piece)) - x;
  host.h = Math.max(bottom(host), bottom(piece)) - y;
  host.x = x;
  host.y = y;
}

/** Joins formula pieces into the line they sit on; lines are returned in their order, fewer of them. */
export function attachStacked(lines: Line[]): Line[] {
  // Decided on the boxes as built (a joined piece does not widen its host's reach), hosts by size.
  const boxes: Piece[] = lines.map((l) => ({
    ...{ x: l.x, y: l.y, w: l.w, h: l.h, size: l.size },
    marks: MARKS_ONLY.test(text(l)),
    math: MATHS.test(text(l)),
  }));
  const order = lines.map((_, i) => i).sort((i, j) => boxes[i].y - boxes[j].y);
  const hostOf = new Map<number, number>();
  for (let oi = 0; oi < order.length; oi++) {
    const i = order[oi];
    const a = boxes[i];
    let host = -1;
    for (let oj = 0; oj < order.length; oj++) {
      const j = order[oj];
      const b = boxes[j];
      if (b.y > bottom(a) + a.size) break;
      if (j === i || bottom(b) < a.y - 3 * a.size) continue;
      const bigger = b.w > a.w || (b.w === a.w && j < i);
      if (bigger && stackedOn(a, b) && (host < 0 || b.w > boxes[host].w)) host = j;
    }
    if (host >= 0) hostOf.set(i, host);
  }
  const root = (i: number): number => {
    let r = i;
    for (let k = 0; k < 50 && hostOf.has(r); k++) r = hostOf.get(r)!;
    return r;
  };
  for (const [i] of hostOf) join(lines[root(i)], lines[i]);
  return lines.filter((_, i) => !hostOf.has(i));
}
