// A box's far edges (pdf.js boxes are x, y from the top-left, w, h in points), shared by the layout passes.
import type { Box } from '../pdfjs/protocol';

export const right = (b: Box) => b.x + b.w;
export const bottom = (b: Box) => b.y + b.h;
/** The two boxes share some height (one beside the other, if they do not overlap across). */
export const overlapsY = (a: Box, b: Box) => Math.min(bottom(a), bottom(b)) > Math.max(a.y, b.y);
