// A picture set in a sentence (a screenshot of a button or a menu in a manual: "search [picture] for
// 'terminal'"): it stands on a line of text, with words on both sides of it on that baseline. In the flow it
// took a block of its own between the line's two halves, and the page ran over (a Word-made lab guide). It
// is the line's: drawn at its place on the page, behind the text, and the line keeps the room above it that
// the PDF gave it. A picture that ends its line (an HTML page's menu shown after "subdirectories:", htmldoc)
// is the line's too when that line's column runs on past the picture: a picture in the next column beside
// a line's end is not, nor a slide's logo past the end of its title.
import type { Box } from '../pdfjs/protocol';
import { bottom, right } from './box';
import type { Line } from './layout';

export function inlinePicture(img: Box, lines: Line[]): boolean {
  const on = lines.filter((l) => Math.abs(bottom(img) - l.baseline) <= 0.5 * l.size && img.h <= 15 * l.size);
  const lead = on.find((l) => right(l) <= img.x + 0.5 * l.size && img.x - right(l) <= 2 * l.size);
  if (!lead) return false;
  const after = on.filter((l) => l.x >= right(img) - 0.5 * l.size);
  if (after.some((l) => l.x - right(img) <= 2 * l.size)) return true;
  // nothing after it on the line: its column's other lines run on past it (a slide's logo beside its title
  // stands out past the text, and stays in the flow)
  const column = (l: Line) =>
    l !== lead && Math.abs(l.x - lead.x) <= lead.size && Math.abs(l.baseline - lead.baseline) <= img.h + 3 * lead.size;
  return after.length === 0 && lines.some((l) => column(l) && right(l) >= right(img));
}
