// A picture set in a sentence (a screenshot of a button or a menu in a manual: "search [picture] for
// 'terminal'"): it stands on a line of text, with words on both sides of it on that baseline. In the flow it
// took a block of its own between the line's two halves, and the page ran over (a Word-made lab guide). It
// is the line's: drawn at its place on the page, behind the text, and the line keeps the room above it that
// the PDF gave it.
import type { Box } from '../pdfjs/protocol';
import { bottom, right } from './box';
import type { Line } from './layout';

export function inlinePicture(img: Box, lines: Line[]): boolean {
  const on = lines.filter((l) => Math.abs(bottom(img) - l.baseline) <= 0.5 * l.size && img.h <= 15 * l.size);
  const before = on.some((l) => right(l) <= img.x + 0.5 * l.size && img.x - right(l) <= 2 * l.size);
  const after = on.some((l) => l.x >= right(img) - 0.5 * l.size && l.x - right(img) <= 2 * l.size);
  return before && after;
}
