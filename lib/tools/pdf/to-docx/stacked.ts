// Pieces of a formula set on several baselines (accents over letters, numerator and denominator, the
// limits of a sum) come out of line building as lines of their own that overlap the formula's main line.
// As separate paragraphs each would take a full line height and push the rest of the page down (a
// two-column article grew from 12 to 15 pages that way), so they join the line they overlap.
import type { Box, TextRun } from '../pdfjs/protocol';
import type { Line } from './layout';
import { bottom, right } from './box';
import { CJK } from './cjk';

/** Characters a formula puts above or below a letter. */
const MARKS_ONLY = /^[\sˆ˜¯˙¨´`ˇ˘˚→←^~.'′″‾_]+$/u;

const text = (l: Line) => l.runs.map((r) => r.str).join('');
const TYPEWRITER = /mono|courier|cmtt|sftt|typewriter|consolas|menlo/i;
/** A run in a typewriter face. (Chinese and Japanese fonts are fixed-pitch: their text is no code; AMC's
 * Japanese guide became a paragraph a line.) */
export const typewriterRun = (r: TextRun) => TYPEWRITER.test(r.font) || (r.generic === 'monospace' && !CJK.test(r.str));
/** A line set wholly in a typewriter face: code or a program's output, never a formula's piece. */
export const typewriter = (l: Line) => l.runs.every(typewriterRun);
/** Operators, Greek letters or a lone symbol: what a numerator or denominator is made of. */
const MATHS = /[∂∑∏∫√∞±×·−=+<>≤≥∇α-ωΓΔΘΛΞΠΣΦΨΩ]|^\s*\S{1,2}\s*$/u;

/** A list's bullet alone: never a formula's piece (ReportLab's bullets, 1.2 em apart, stood one over the
 * other as a fraction's numerator and denominator, and two came out on one line). */
const BULLET_ONLY = /^\s*[•◦▪▫■□●○‣⁃∙]\s*$/u;

type Piece = Box & { size: number; marks: boolean; math: boolean; code: boolean; number?: boolean };

/** Whether `a` (the smaller piece) is stacked on `b`: above, below, across or inside its band, next to it;
 * 'fraction' when only as a numerator over its denominator (apart, one above the other). */
function stackedOn(a: Piece, b: Piece): boolean | 'fraction' {
  const size = Math.max(a.size, b.size);
  const hGap = Math.max(a.x - right(b), b.x - right(a));
  if (hGap > size) return false;
  // A short piece, never a line of text of its own (a title's second line overlaps the first in tight leading).
  if (a.w > 0.6 * b.w && a.w > 4 * a.size && !a.marks) return false;
  const overlap = Math.min(bottom(a), bottom(b)) - Math.max(a.y, b.y);
  // only formula pieces: a form's small labels overlap the lines beside them too, and a program's printed
  // table has columns of short numbers one above the other (R's output: a row's numbers joined the row above)
  if ((!a.math && !a.marks) || a.code || b.code) return false;
  if (overlap > 0.3 * Math.min(a.h, b.h)) return true;
  const vGap = Math.max(a.y - bottom(b), b.y - bottom(a));
  // numerator over denominator: two short pieces, one above the other across a fraction bar
  // (formula characters required: an address block is short lines one above the other too)
  if (hGap < 0 && vGap < 0.4 * size && a.math && b.math && a.w <= 6 * a.size && b.w <= 6 * b.size) return 'fraction';
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

const centreY = (b: Box) => b.y + b.h / 2;
/** The better host of piece `a`: the wider line, or of two about as wide (full lines of a justified
 * column), the nearer one: an accent belongs to the line it sits on, not the one below. */
function wider(b: Piece, host: Piece, a: Piece): boolean {
  if (Math.abs(b.w - host.w) > 0.02 * Math.max(b.w, host.w)) return b.w > host.w;
  return Math.abs(centreY(b) - centreY(a)) < Math.abs(centreY(host) - centreY(a));
}

/** Whether numbers `a` and `b`, one over the other, are a fraction's: touching, or apart with a line beside
 * them whose middle is between theirs (the formula's line: "x =" before, an equation's number after). A
 * contents page's numbers in their column, 1.5 em apart, had been read as one over the other: "1 Introduction
 * 2 3", the next entry without its number. */
function fractionOf(boxes: Piece[], a: Piece, b: Piece): boolean {
  const [top, low] = a.y < b.y ? [a, b] : [b, a];
  if (low.y - bottom(top) < 0.1 * Math.max(a.size, b.size)) return true;
  const [x1, x2] = [Math.min(a.x, b.x), Math.max(right(a), right(b))];
  return boxes.some(
    (c) =>
      c !== a &&
      c !== b &&
      centreY(c) > centreY(top) + 0.25 * top.size &&
      centreY(c) < centreY(low) - 0.25 * low.size &&
      c.x < x2 + 2 * c.size &&
      right(c) > x1 - 2 * c.size,
  );
}

/** Joins formula pieces into the line they sit on; lines are returned in their order, fewer of them. */
export function attachStacked(lines: Line[]): Line[] {
  // Decided on the boxes as built (a joined piece does not widen its host's reach), hosts by size.
  const boxes: Piece[] = lines.map((l) => {
    const s = text(l);
    return {
      ...{ x: l.x, y: l.y, w: l.w, h: l.h, size: l.size },
      marks: MARKS_ONLY.test(s),
      math: MATHS.test(s) && !BULLET_ONLY.test(s),
      code: typewriter(l),
      number: /^\s*\d+\s*$/.test(s),
    };
  });
  const order = lines.map((_, i) => i).sort((i, j) => boxes[i].y - boxes[j].y);
  const hostOf = new Map<number, number>();
  const fraction = new Set<number>(); // pieces hosted as a numerator or denominator
  for (let oi = 0; oi < order.length; oi++) {
    const i = order[oi];
    const a = boxes[i];
    let host = -1;
    let kind: boolean | 'fraction' = false;
    for (let oj = 0; oj < order.length; oj++) {
      const j = order[oj];
      const b = boxes[j];
      if (b.y > bottom(a) + a.size) break;
      if (j === i || bottom(b) < a.y - 3 * a.size) continue;
      const bigger = b.w > a.w || (b.w === a.w && j < i);
      const on = bigger && stackedOn(a, b);
      if (on === 'fraction' && a.number && b.number && !fractionOf(boxes, a, b)) continue;
      if (on && (host < 0 || wider(b, boxes[host], a))) [host, kind] = [j, on];
    }
    if (host >= 0) hostOf.set(i, host);
    if (kind === 'fraction') fraction.add(i);
  }
  // A fraction is two pieces: a column of short formulas set one under another (a reference card's
  // "x < y", "x <= y", ...) made chains of them, and the whole column became one line of pieces.
  const degree = new Map<number, number>();
  for (const i of fraction) for (const n of [i, hostOf.get(i)!]) degree.set(n, (degree.get(n) ?? 0) + 1);
  for (const i of fraction) if (degree.get(i)! > 1 || degree.get(hostOf.get(i)!)! > 1) hostOf.delete(i);
  const root = (i: number): number => {
    let r = i;
    for (let k = 0; k < 50 && hostOf.has(r); k++) r = hostOf.get(r)!;
    return r;
  };
  for (const [i] of hostOf) join(lines[root(i)], lines[i]);
  const kept = lines.filter((_, i) => !hostOf.has(i));
  for (const l of kept) composeAccents(l);
  return kept;
}

/** Spacing accents (what fonts draw over a letter, TeX's \"u or \hat{a}) → the combining mark. */
const COMBINING: Record<string, string> = {
  ˆ: '\u0302',
  '˜': '\u0303',
  '¯': '\u0304',
  '˙': '\u0307',
  '¨': '\u0308',
  '´': '\u0301',
  '`': '\u0300',
  ˇ: '\u030c',
  '˘': '\u0306',
  '˚': '\u030a',
  '¸': '\u0327',
  '˝': '\u030b',
  '→': '\u20d7',
};
/** Inside a run: an accent glyph before its letter (TeX draws the accent first). Not ` or →, which
 * stand before letters in code and prose, nor a tilde after a slash: a web address's ("/˜Charlie.Author",
 * TeX's \~{} in a URL, had become "/C̃harlie"). */
const ACCENT_BEFORE = /(?<!\/)([ˆ˜¯˙¨´ˇ˘˚¸˝])(\p{L}\p{M}*)/gu;
const TRAILING = /[ˆ˜¯˙¨´ˇ˘˚¸˝]$/u;

/**
 * An accent drawn as a glyph of its own over a letter ("H¨uckel", "ˆam" for âm) becomes that letter's
 * combining mark ("Hu\u0308ckel", as pdftotext reads the PDF): the word stays one word with its letters,
 * and Word draws the accent over the right letter.
 */
export function composeAccents(line: Line): void {
  const accentOf = (r: TextRun) => (r.rotated ? undefined : COMBINING[r.str.trim()]);
  if (!line.runs.some((r) => /[ˆ˜¯˙¨´`ˇ˘˚¸˝→]/u.test(r.str))) return;
  // Runs are the page's own objects (a fallback layout reads them again): changed ones are copies.
  const runs = [...line.runs];
  const drop = new Set<number>();
  const addMark = (at: number, letterAt: (letters: string[]) => number, mark: string): boolean => {
    const letters = runs[at].str.match(/\P{M}\p{M}*/gu) ?? [];
    const i = letterAt(letters);
    if (i < 0 || i >= letters.length || !/[\p{L}\p{N}]/u.test(letters[i])) return false;
    letters[i] += mark;
    runs[at] = { ...runs[at], str: letters.join('') };
    return true;
  };
  // An accent run of its own: over the letter under its centre (letters taken as equally wide).
  runs.forEach((a, k) => {
    const mark = accentOf(a);
    if (!mark) return;
    const cx = a.x + a.w / 2;
    const at = runs.findIndex((h) => !accentOf(h) && h.str.trim() && h.w > 0 && cx > h.x && cx < h.x + h.w);
    const h = runs[at];
    if (at >= 0 && addMark(at, (ls) => Math.floor(((cx - h.x) / h.w) * ls.length), mark)) drop.add(k);
  });
  // An accent inside a run: on the letter after it, in the run or at the start of the next one.
  for (let k = 0; k < runs.length; k++) {
    if (drop.has(k)) continue;
    let str = runs[k].str.replace(ACCENT_BEFORE, (_, acc: string, letter: string) => letter + COMBINING[acc]);
    const next = runs.slice(k + 1).findIndex((_, j) => !drop.has(k + 1 + j));
    const n = next < 0 ? -1 : k + 1 + next;
    const trailing = TRAILING.exec(str);
    if (trailing && str.trim().length > 1 && n >= 0 && runs[n].x - (runs[k].x + runs[k].w) < runs[k].size) {
      if (addMark(n, () => 0, COMBINING[trailing[0]])) str = str.slice(0, -1);
    }
    if (str !== runs[k].str) runs[k] = { ...runs[k], str };
  }
  if (runs.some((r, k) => r !== line.runs[k])) line.runs = runs.filter((_, k) => !drop.has(k));
}
