// Shaded cells whose sides are not ruled (issue 19, ninth pass: office-made PDFs). Word and LibreOffice
// paint a table cell's shading as a filled rectangle of the cell and draw its borders separately, often
// none between two shaded cells: a row of shaded cells had no rule between them, so the row became one
// cell spanning the table (its numbers one line "6,489375 25,21130 2,901582" with tab stops), a merged
// cell's row grew three lines high, and a shaded row with no side rules cut the table in two (its header
// and first row left as loose lines). A fill whose top or bottom lies on a horizontal rule over it is a
// cell: its two sides count as the vertical rules the table did not draw. Excel paints a shaded column as one
// fill over several rows with no rule across it or down its sides, the rows' rules stopping at its left side
// and starting again at its right (a Unicode chart's lavender column): a fill between such rule ends is a
// column of cells, and the three columns around it had become one cell whose text wrapped and grew the row.
import type { Box, Segment } from '../pdfjs/protocol';

const TOL = 2.5;

/** The sides of the fills that lie on a horizontal rule (top or bottom, the rule covering at least half the
 * fill's width), as vertical segments. */
export function shadedCellSides(segments: Segment[], fills: Box[]): Segment[] {
  const rules = segments.filter((s) => Math.abs(s.y1 - s.y2) < 1 && Math.abs(s.x1 - s.x2) >= 1);
  const onRule = (f: Box, y: number) =>
    rules.some((s) => {
      const x1 = Math.min(s.x1, s.x2);
      const x2 = Math.max(s.x1, s.x2);
      return Math.abs((s.y1 + s.y2) / 2 - y) <= TOL && Math.min(x2, f.x + f.w) - Math.max(x1, f.x) >= 0.5 * f.w;
    });
  const ends = (f: Box, x: number, end: 'x1' | 'x2') =>
    rules.some((s) => {
      const y = (s.y1 + s.y2) / 2;
      return (
        y >= f.y - TOL && y <= f.y + f.h + TOL && Math.abs(Math[end === 'x2' ? 'max' : 'min'](s.x1, s.x2) - x) <= TOL
      );
    });
  const betweenRuleEnds = (f: Box) => ends(f, f.x, 'x2') && ends(f, f.x + f.w, 'x1');
  // A side within reach of a drawn vertical rule takes its x: the rules are merged by x first, so a side
  // 0.1 pt off a rule would be merged apart from it and the rule's own extent lost.
  const vx = segments.filter((s) => Math.abs(s.x1 - s.x2) < 1 && Math.abs(s.y1 - s.y2) >= 1).map((s) => s.x1);
  const snap = (x: number) => vx.find((v) => Math.abs(v - x) <= TOL) ?? x;
  const out: Segment[] = [];
  for (const f of fills) {
    if (f.w < 4 || f.h < 4 || !(onRule(f, f.y) || onRule(f, f.y + f.h) || betweenRuleEnds(f))) continue;
    for (const x of [snap(f.x), snap(f.x + f.w)]) out.push({ x1: x, y1: f.y, x2: x, y2: f.y + f.h });
  }
  return out;
}
