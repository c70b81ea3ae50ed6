// A page's footer (its number, "3 | Page", a running foot): one or two short baselines at the bottom of the
// page, well below the body. In the flow it sat after the body at the page's foot, so when the body came out
// a little taller in Word (a substitute font, a wrapped title) the footer went on to a Word page of its own,
// page after page (a Word-made lab guide: 18 Word pages for 10). Framed at its place, as the lines at the
// page's edge are, it takes no room in the flow and the body may use the foot of the page.
import type { Box } from '../pdfjs/protocol';
import { bottom, right } from './box';
import type { Line } from './layout';

export interface Footer {
  lines: Line[];
  /** Indices (into `pictures`) of small pictures beside the footer's text (a logo in the foot). */
  pictures: number[];
}

/** The page's footer, or none. `pictures` are the pictures in the flow, `tables` the tables' boxes. */
export function footerLines(lines: Line[], pictures: Box[], tables: Box[], pageHeight: number): Footer {
  const none = { lines: [], pictures: [] };
  if (lines.length < 2) return none;
  const byBaseline = [...lines].sort((a, b) => b.baseline - a.baseline);
  // the footer's baselines: the lowest, and one just above it (a two-line foot)
  const bands: number[] = [byBaseline[0].baseline];
  for (const l of byBaseline) {
    const near = bands.some((b) => Math.abs(l.baseline - b) < 0.5 * l.size);
    if (!near && bands.length < 2 && bands[bands.length - 1] - l.baseline < 1.6 * l.size) bands.push(l.baseline);
  }
  const inFoot = (l: Line) => bands.some((b) => Math.abs(l.baseline - b) < 0.5 * l.size);
  const foot = lines.filter(inFoot);
  const body = lines.filter((l) => !inFoot(l));
  if (!body.length || foot.length > 6) return none;
  const size = Math.max(...foot.map((l) => l.size));
  const textTop = Math.min(...foot.map((l) => l.y));
  // a logo in the foot: low and small, reaching down into the footer's lines
  const logos = pictures.flatMap((p, i) =>
    p.y >= 0.8 * pageHeight && p.h <= 0.12 * pageHeight && bottom(p) > textTop ? [i] : [],
  );
  const top = Math.min(textTop, ...logos.map((i) => pictures[i].y));
  if (top < 0.8 * pageHeight) return none;
  const rest = [...body, ...tables, ...pictures.filter((_, i) => !logos.includes(i))];
  const above = Math.max(...rest.map((b) => bottom(b)));
  return top - above >= 1.5 * size ? { lines: foot, pictures: logos } : none;
}

/**
 * Page numbers alone in a side margin at the page's top (a running head's number past the body's right
 * edge; the foot's are the footer's, which set the bottom margin): framed at their place, they neither make
 * a column of their own (the body went into a layout table's cell, where drawings' label frames are
 * ignored) nor widen the text area (a FrameMaker page's tables and lines came out wider, the page shorter).
 */
export function marginNumbers(lines: Line[], pageHeight: number): Line[] {
  const text = (l: Line) =>
    l.runs
      .map((r) => r.str)
      .join('')
      .trim();
  const body = lines.filter((l) => !/^(\d{1,4}|[ivxlc]{1,6})$/i.test(text(l)));
  if (body.length < 3) return [];
  const left = Math.min(...body.map((l) => l.x));
  const edge = Math.max(...body.map(right));
  return lines.filter((l) => !body.includes(l) && l.y < 0.15 * pageHeight && (l.x >= edge + 2 || right(l) <= left - 2));
}
