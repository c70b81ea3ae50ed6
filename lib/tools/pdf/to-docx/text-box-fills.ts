// Filled boxes behind light text (issue 19, ninth pass: office-made PDFs): a slide's coloured text boxes
// (white words on tan or blue panels). A fill outside a table is dropped (most are page decorations), so
// the words were white on the white page: invisible. A fill that light text lies on, clearly darker than
// that text, is drawn behind it at its place, as the page-filling colour behind light text is.
import type { ImageRun } from 'docx';
import type { Box, PageData } from '../pdfjs/protocol';
import { colourBoxesBehind, luminance } from './images';

const inside = (x: number, y: number, b: Box) => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;

/**
 * The fills (cut to the page) that most of the visible text on them is light on: text at least 0.3
 * brighter than the fill. Not the page-filling one (build-docx draws it), not a table's cell shading (the
 * table has it), each box once. Text on a fill painted later is on that one: a web page's menu box is a
 * black fill with a cream one 1.5 pt inside it (its border), and its pink links, light against the black,
 * came out on a black box.
 */
export function textBoxFills(page: PageData, tables: Box[]): (Box & { color: string })[] {
  const out: (Box & { color: string })[] = [];
  const runs = page.runs.filter((r) => !r.invisible && !r.rotated && r.str.trim());
  page.fills.forEach((f, i) => {
    const x = Math.max(0, f.x);
    const y = Math.max(0, f.y);
    const b = { x, y, w: Math.min(page.width, f.x + f.w) - x, h: Math.min(page.height, f.y + f.h) - y };
    if (b.w < 8 || b.h < 8 || b.w * b.h >= 0.9 * page.width * page.height) return;
    if (tables.some((t) => inside(b.x + b.w / 2, b.y + b.h / 2, t))) return;
    if (out.some((o) => o.color === f.color && Math.abs(o.x - b.x) + Math.abs(o.y - b.y) + Math.abs(o.w - b.w) < 1))
      return;
    const above = page.fills.slice(i + 1);
    const on = runs.filter((r) => {
      const [cx, cy] = [r.x + r.w / 2, r.y - 0.3 * r.size];
      return inside(cx, cy, b) && !above.some((g) => inside(cx, cy, g));
    });
    const light = on.filter((r) => luminance(r.color) >= luminance(f.color) + 0.3);
    if (light.length && light.length * 2 > on.length) out.push({ ...b, color: f.color });
  });
  return out;
}

/** Those fills as pictures behind the text at their place. */
export function textBoxPictures(page: PageData, tables: Box[]): Promise<ImageRun[]> {
  return colourBoxesBehind(textBoxFills(page, tables));
}
