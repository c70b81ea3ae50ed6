// Shaded boxes text is printed on (a web page's heading bars and code blocks, a note's tinted panel): a
// filled rectangle outside a table was dropped (only a table's cells keep their shading), so the page lost
// its bars and boxes. Each such box is a picture of its colour behind the text at its place on the page: it
// takes no room in the flow and duplicates nothing.
import type { ImageRun } from 'docx';
import type { Box, PageData } from '../pdfjs/protocol';
import { pictureBehindText, solidPng } from './images';
import type { PageLayout } from './layout';
import { bottom, right } from './box';

/** Boxes under text: wider than 40 % of the page (a bar or a block, not a word's highlight, which would
 * stray from its word when Word breaks the line elsewhere), not page-sized, not white, outside tables. */
export function shadedBoxes(page: PageData, layout: PageLayout): (Box & { color: string })[] {
  const tables = layout.blocks.flatMap((b) => b.items.flatMap((it) => (it.kind === 'table' ? [it.box] : [])));
  const within = (f: Box, t: Box) =>
    f.x >= t.x - 1 && f.y >= t.y - 1 && right(f) <= right(t) + 1 && bottom(f) <= bottom(t) + 1;
  return page.fills.filter(
    (f) =>
      f.w >= 0.4 * page.width &&
      f.w * f.h < 0.6 * page.width * page.height &&
      !/^#f[a-f][0-9a-f]f[a-f][0-9a-f]f[a-f][0-9a-f]$/i.test(f.color) &&
      !tables.some((t) => within(f, t)) &&
      layout.lines.some((l) => {
        const cx = l.x + Math.min(l.w, l.size) / 2;
        const cy = l.baseline - 0.3 * l.size;
        return cx >= f.x && cx <= right(f) && cy >= f.y && cy <= bottom(f);
      }),
  );
}

/** The pictures for those boxes, in the order the PDF painted them. */
export async function shadingBehind(page: PageData, layout: PageLayout): Promise<ImageRun[]> {
  const out: ImageRun[] = [];
  for (const f of shadedBoxes(page, layout)) out.push(pictureBehindText('png', await solidPng(f.color), f));
  return out;
}
