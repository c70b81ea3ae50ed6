// A box's far edges (pdf.js boxes are x, y from the top-left, w, h in points), shared by the layout passes.
import type { Box, TextRun } from '../pdfjs/protocol';
import type { Line } from './layout';

export const right = (b: Box) => b.x + b.w;
export const bottom = (b: Box) => b.y + b.h;
/** A run's box: its glyphs' height above and below the baseline. */
export function runBox(r: TextRun): Box {
  return { x: r.x, y: r.y - r.size * 0.85, w: Math.max(r.w, 0.1), h: r.size * 1.1 };
}
/** A line of the runs given: their boxes' union, its baseline and size the largest run's (as buildLines). */
export function lineOf(runs: TextRun[]): Line {
  const main = runs.reduce((a, b) => (b.size > a.size ? b : a));
  const boxes = runs.map(runBox);
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const w = Math.max(...boxes.map(right)) - x;
  const h = Math.max(...boxes.map(bottom)) - y;
  return { x, y, w, h, runs, baseline: main.y, size: main.size };
}
/** The middle value of xs (the fallback for none). */
export function median(xs: number[], fallback = 10): number {
  if (!xs.length) return fallback;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
/** The two boxes share some height (one beside the other, if they do not overlap across). */
export const overlapsY = (a: Box, b: Box) => Math.min(bottom(a), bottom(b)) > Math.max(a.y, b.y);

/** Moves b's runs after a's and grows a's box over both; b is left empty, for `dropEmpty` to remove. */
export function absorb<T extends Box & { runs: unknown[] }>(a: T, b: T): void {
  a.runs.push(...b.runs);
  b.runs = [];
  const x2 = Math.max(right(a), right(b));
  const y2 = Math.max(bottom(a), bottom(b));
  a.y = Math.min(a.y, b.y);
  a.w = x2 - a.x;
  a.h = y2 - a.y;
}

/** Removes, in place, the lines whose runs another absorbed. */
export function dropEmpty<T extends { runs: unknown[] }>(lines: T[]): void {
  for (let i = lines.length - 1; i >= 0; i--) if (!lines[i].runs.length) lines.splice(i, 1);
}
