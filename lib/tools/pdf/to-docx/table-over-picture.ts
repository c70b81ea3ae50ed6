// A picture a table is drawn over (issue 19, ninth pass: office-made PDFs): a slide's title rule (a picture
// with much empty room around its swoosh) under the top of the table that follows it. In the flow the
// table came after the picture's whole box, 50 pt lower than printed, and its tall last row went to the
// next Word page (p4 slide 8). Like a picture with text printed over it (layout.ts underText), it is
// drawn behind at its place.
import type { Box } from '../pdfjs/protocol';
import { bottom, right } from './box';

/** True when a table covers at least a quarter of the picture. */
export function underTable(img: Box, tables: Box[]): boolean {
  return tables.some((t) => {
    const ox = Math.min(right(t), right(img)) - Math.max(t.x, img.x);
    const oy = Math.min(bottom(t), bottom(img)) - Math.max(t.y, img.y);
    return ox > 0 && oy > 0 && ox * oy >= 0.25 * img.w * img.h;
  });
}
