// Shaded boxes text is printed on (a web page's heading bars and code blocks, a note's tinted panel): a
// filled rectangle outside a table was dropped (only a table's cells keep their shading), so the page lost
// its bars and boxes. Each such box is a picture of its colour behind the text at its place on the page: it
// takes no room in the flow and duplicates nothing.
import type { ImageRun } from 'docx';
import type { Box, PageData } from '../pdfjs/protocol';
import { colourBoxesBehind, luminance } from './images';
import type { PageLayout } from './layout';
import { bottom, right } from './box';

/** A tint dark text is printed on (0.7-0.97 relative luminance): not white, and not a dark box with light
 * text, which drawn where the flow has moved the text (a slide run onto the next Word page) hid it. */
function light(hex: string, from = 0.7): boolean {
  // (luminance() is 0 for anything but '#rrggbb': never light)
  const l = luminance(hex);
  return l >= from && (from < 0.7 || l < 0.97);
}

/** Boxes under text: wider than 40 % of the page (a bar or a block, not a word's highlight, which would
 * stray from its word when Word breaks the line elsewhere), not page-sized, light, outside tables. */
export function shadedBoxes(page: PageData, layout: PageLayout): (Box & { color: string })[] {
  const tables = layout.blocks.flatMap((b) => b.items.flatMap((it) => (it.kind === 'table' ? [it.box] : [])));
  const within = (f: Box, t: Box) =>
    f.x >= t.x - 1 && f.y >= t.y - 1 && right(f) <= right(t) + 1 && bottom(f) <= bottom(t) + 1;
  return page.fills.filter((f) => {
    if (f.w < 0.4 * page.width || f.w * f.h >= 0.6 * page.width * page.height || !light(f.color)) return false;
    if (tables.some((t) => within(f, t))) return false;
    const on = layout.lines.filter((l) => {
      const cx = l.x + Math.min(l.w, l.size) / 2;
      const cy = l.baseline - 0.3 * l.size;
      return cx >= f.x && cx <= right(f) && cy >= f.y && cy <= bottom(f);
    });
    // and its text is dark: light text on a light box lies on other shapes (a slide's diagram), not on it
    return on.length > 0 && on.every((l) => l.runs.every((r) => r.invisible || !light(r.color, 0.5)));
  });
}

/** The pictures for those boxes, in the order the PDF painted them. */
export function shadingBehind(page: PageData, layout: PageLayout): Promise<ImageRun[]> {
  return colourBoxesBehind(shadedBoxes(page, layout));
}
