// A box's far edges (pdf.js boxes are x, y from the top-left, w, h in points), shared by the layout passes.
import type { Box } from '../pdfjs/protocol';

export const right = (b: Box) => b.x + b.w;
export const bottom = (b: Box) => b.y + b.h;
