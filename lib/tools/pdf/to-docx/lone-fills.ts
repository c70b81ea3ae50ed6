// Filled boxes with no text on them (issue 19, thirteenth pass): a colour chart's swatches, a keyboard's
// black keys, a legend's key, a slide's coloured bar. A fill outside a table was drawn only when text lay on
// it (shaded-boxes.ts, text-box-fills.ts) or when it was part of a drawing (a drawing needs curves or
// diagonals, or bars of different lengths), so rows of plain coloured squares were lost. Each such box is a
// picture of its colour behind the text at its place, as a lone rule is: no text moves.
import type { ImageRun } from 'docx';
import type { Box, PageData } from '../pdfjs/protocol';
import { colourBoxesBehind } from './images';
import { shows } from './tables';

/** More such boxes than this on a page (a pattern or a heat map of cells): none is drawn. */
const MAX_FILLS = 400;

const inside = (x: number, y: number, b: Box) => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/**
 * The fills that are one box (not a shape's extent: a staff's five lines in one path would be a black
 * band), cut to the page, that show on white paper (tables.ts's test), hold no visible text, are under a
 * quarter of the page, outside `tables` and not mostly under a picture, each box once, in the order the
 * PDF painted them.
 */
export function loneFills(page: PageData, tables: Box[]): (Box & { color: string })[] {
  const runs = page.runs.filter((r) => !r.invisible && r.str.trim());
  const out: (Box & { color: string })[] = [];
  for (const f of page.fills) {
    const x = Math.max(0, f.x);
    const y = Math.max(0, f.y);
    const b = { x, y, w: Math.min(page.width, f.x + f.w) - x, h: Math.min(page.height, f.y + f.h) - y };
    if (f.extent || b.w <= 3 || b.h <= 3 || b.w * b.h >= 0.25 * page.width * page.height) continue;
    if (!shows({ x1: 0, y1: 0, x2: 0, y2: 0, color: f.color })) continue;
    if (tables.some((t) => inside(b.x + b.w / 2, b.y + b.h / 2, t))) continue;
    // (any text on it: a word's highlight under part of a line would stray from its word when Word breaks
    // the line elsewhere, shaded-boxes.ts)
    if (runs.some((r) => overlap({ x: r.x, y: r.y - 0.8 * r.size, w: r.w, h: r.size }, b) > 0)) continue;
    // (a box mostly under a picture shows nowhere, and drawn where the flow has moved the picture it would)
    if (page.images.some((im) => overlap(im, b) >= 0.5 * b.w * b.h)) continue;
    const same = (o: Box & { color: string }) =>
      o.color === f.color && Math.abs(o.x - b.x) + Math.abs(o.y - b.y) + Math.abs(o.w - b.w) + Math.abs(o.h - b.h) < 1;
    if (!out.some(same)) out.push({ ...b, color: f.color });
  }
  return out.length > MAX_FILLS ? [] : out;
}

/** Those boxes as pictures behind the text at their place. */
export function loneFillPictures(page: PageData, tables: Box[]): Promise<ImageRun[]> {
  return colourBoxesBehind(loneFills(page, tables));
}
