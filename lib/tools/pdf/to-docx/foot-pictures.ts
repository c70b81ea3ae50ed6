// Pictures at the foot of a page (issue 19, ninth pass: office-made PDFs). A slide's logo in its bottom
// corner, a picture closing a page: nothing of the page comes below them, so in the flow they were the
// first thing pushed onto another Word page when the text above came out a little taller in Word's faces
// (p4's slides: a Word page holding only the logo after 4 of 10 slides). Drawn at their place on the page
// instead (floating behind the text, as the icons and backgrounds are), they can never push a page.
import type { Box } from '../pdfjs/protocol';
import { bottom } from './box';
import type { Item } from './layout';

/** The lowest 15 % of the page: a picture ending higher has room below it for the flow to grow into. */
const FOOT = 0.85;

/**
 * Indices (into page.images) of the placed pictures nothing on the page follows: no line, table or other
 * picture has its middle below the picture's bottom (text beside it, a slide number in the other corner,
 * does not count), and the picture ends in the lowest 15 % of the page.
 */
export function footPictures(items: Item[], page: Box): number[] {
  const out: number[] = [];
  for (const it of items) {
    if (it.kind !== 'image') continue;
    const b = it.box;
    if (bottom(b) < page.y + FOOT * page.h) continue;
    const follows = items.some((o) => o !== it && o.box.y + o.box.h / 2 > bottom(b));
    if (!follows) out.push(it.index);
  }
  return out;
}
