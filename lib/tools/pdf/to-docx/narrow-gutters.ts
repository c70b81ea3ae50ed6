// Two columns a narrow gutter apart (issue 19, twenty-fourth pass: yacas' manual, pdfTeX, 9 pt text in
// columns 10 pt apart). A line of one column and a line of the other on nearly one baseline are closer
// than the gap line building allows between a line's words (1.5 em), so they were read as one line across
// the gutter; a page with a few such lines had no gutter left to part its columns at, and came out as one
// column of lines from both, interleaved. Where a page has such a gutter, its joined lines are parted there.
import type { TextRun } from '../pdfjs/protocol';
import { lineOf, median } from './box';
import type { Line } from './layout';

/** The least gap of a gutter, in ems of its lines, and how many lines of some width (in ems) stand wholly on
 * each side of it. */
const GUTTER_EMS = 0.9;
const SIDE_LINES = 8;
const WIDE_EMS = 8;

/** Where a line's runs leave a gap of a gutter's width: the gaps' [start, end]. */
function gaps(l: Line): [number, number][] {
  const runs = [...l.runs].sort((a, b) => a.x - b.x);
  return runs.slice(1).flatMap((r, i): [number, number][] => {
    const end = runs[i].x + runs[i].w;
    return r.x - end >= GUTTER_EMS * l.size ? [[end, r.x]] : [];
  });
}

/** Whether a line's gaps (from `gaps`) hold x. */
const across = (lineGaps: [number, number][], x: number) => lineGaps.some(([g0, g1]) => g0 <= x && g1 >= x);

/** Whether a line's runs on one side of a gutter span some ems: a line of text (a contents page's numbers
 * stand in a column of their own past a gap too). */
function wide(l: Line, side: (r: TextRun) => boolean): boolean {
  const runs = l.runs.filter(side);
  return (
    runs.length > 0 && Math.max(...runs.map((r) => r.x + r.w)) - Math.min(...runs.map((r) => r.x)) >= WIDE_EMS * l.size
  );
}

/** The x of a gutter the page's lines show, or undefined: lines across it have a gap there, no line of
 * more than a few letters crosses it (a page number may), and lines of text enough stand on each side,
 * alone or joined across. `all`: each line's gaps. */
function gutterAt(lines: Line[], all: [number, number][][]): number | undefined {
  const size = median(lines.map((l) => l.size));
  let best: { x: number; joined: number } | undefined;
  for (const [a, b] of all.flat()) {
    const x = (a + b) / 2;
    const joined = all.filter((g) => across(g, x)).length;
    if (joined < 2 || (best && joined <= best.joined)) continue;
    const crossed = lines.some((l) => l.runs.some((r) => r.x < x - 1 && r.x + r.w > x + 1 && r.w > 3 * size));
    const left = lines.filter((l) => wide(l, (r) => r.x + r.w <= x)).length;
    const rightOf = lines.filter((l) => wide(l, (r) => r.x >= x)).length;
    if (!crossed && left >= SIDE_LINES && rightOf >= SIDE_LINES) best = { x, joined };
  }
  return best?.x;
}

/** The lines with those joined across a narrow gutter parted there (up to two gutters: three columns). */
export function splitAtGutters(lines: Line[]): Line[] {
  let out = lines;
  for (let k = 0; k < 2; k++) {
    const all = out.map(gaps);
    const x = gutterAt(out, all);
    if (x === undefined) break;
    out = out.flatMap((l, i) => {
      if (!across(all[i], x)) return [l];
      const before = l.runs.filter((r) => r.x + r.w / 2 < x);
      const after = l.runs.filter((r) => r.x + r.w / 2 >= x);
      return [lineOf(before), lineOf(after)];
    });
  }
  return out;
}
