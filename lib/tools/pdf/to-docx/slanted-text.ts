// Text printed at a slant (neither upright nor a quarter turn) outside any drawing: most often a watermark
// across the page ("Mellanox Technologies" at 45 degrees, 50 pt, on every page of a FrameMaker manual).
// Laid out as a line of the flow it took a 50 pt line's height among the body text, wrapped, and pushed
// the page's text on to the next: 14 Word pages for 10. Here each such run is a text box of its own,
// floating behind the text, centred where the run's middle is: its words stay, the flow is the page's.
// The box is upright (LibreOffice 7.4 does not turn a text box's text with a:xfrm rot, rotated-text.ts).
import { HorizontalPositionRelativeFrom, Paragraph, TextWrappingType, VerticalPositionRelativeFrom } from 'docx';
import { ShapeRun } from 'docx/shapes';
import type { PageData, TextRun } from '../pdfjs/protocol';
import { buildLines } from './layout';
import { paragraphs } from './line-paragraphs';
import { paragraph, pointParagraph } from './paragraph';
import { EMU, PX } from './units';

/** The page without its slanted text, and that text as floating upright text boxes behind the text (one
 * paragraph 1 pt high holding them). A page without such text comes back as it is, with no boxes. */
export async function slantedText(page: PageData): Promise<{ page: PageData; boxes: Paragraph[] }> {
  const slanted = page.runs.filter((r) => r.angle !== undefined && !r.turn && !r.invisible && r.str.trim());
  if (!slanted.length) return { page, boxes: [] };
  const shapes: ShapeRun[] = [];
  for (const r of slanted) shapes.push(await textBox(r, page));
  const out = new Set(slanted);
  return { page: { ...page, runs: page.runs.filter((q) => !out.has(q)) }, boxes: [pointParagraph(shapes)] };
}

async function textBox(r: TextRun, page: PageData): Promise<ShapeRun> {
  const a = ((r.angle ?? 0) * Math.PI) / 180;
  // The middle of the run's baseline, and the run set upright about it (a little wider, for a substitute).
  const cx = r.x + (r.w / 2) * Math.cos(a);
  const cy = r.y + (r.w / 2) * Math.sin(a);
  // A watermark along the page's diagonal is longer than the page is wide: upright in a box of the page's
  // width it wrapped, and the box, one line high, hid all but its first words. It is set smaller to fit.
  const k = Math.min(1, page.width / (r.w * 1.04 + 4));
  const size = r.size * k;
  const w = Math.min(page.width, (r.w * 1.04 + 4) * k);
  const h = size * 1.3;
  const x = Math.max(0, Math.min(page.width - w, cx - w / 2));
  const y = Math.max(0, Math.min(page.height - h, cy - h / 2));
  const upright: TextRun = { ...r, x, y: y + size, w: r.w * k, size, rotated: false, angle: undefined };
  const region = { x, y, w, h };
  const children: Paragraph[] = [];
  for (const p of paragraphs(buildLines([upright]), region))
    children.push(await paragraph({ ...p, align: 'center', left: x, firstLine: 0, right: undefined }, [], x, 0));
  return new ShapeRun({
    type: 'rectangle',
    transformation: { width: Math.max(1, Math.round(w * PX)), height: Math.max(1, Math.round(h * PX)) },
    line: 'none',
    children,
    textOptions: { verticalAlignment: 'center', margins: { top: 0, right: 0, bottom: 0, left: 0 } },
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(x * EMU) },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: Math.round(y * EMU) },
      allowOverlap: true,
      behindDocument: true,
      wrap: { type: TextWrappingType.NONE },
    },
  });
}
