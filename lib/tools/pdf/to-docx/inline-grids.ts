// Ruled grids set in a sentence (issue 19, tenth pass): a browser draws an inline code span's 1 px border
// as four rules round its words; two spans that touch ("_.inject / _.foldl", or spans on consecutive lines
// sharing an edge) meet as a small grid that findTables read as a table, and the sentence around it was
// cut into a table and loose pieces beside it. Such a grid is no table: its words go back to the line they
// are part of, and the spans' borders are dropped (as a single span's, which never made a grid, always were).
import type { TextRun } from '../pdfjs/protocol';
import { bottom, right } from './box';
import type { Table } from './tables';

const centreIn = (r: TextRun, t: Table) => {
  const cx = r.x + r.w / 2;
  const cy = r.y - r.size * 0.3;
  return cx >= t.box.x && cx <= right(t.box) && cy >= t.box.y && cy <= bottom(t.box);
};

/**
 * Whether the grid `t` is words of running text in bordered spans: every row is one line of text (at most
 * 1.8 of its ems tall, its words on one baseline) and the line of some row goes on outside the grid, a word
 * of it within an em of the grid's left or right side. A table's rows have room round their text, and text
 * beside a table is a column gutter away.
 */
export function inSentence(t: Table, runs: TextRun[]): boolean {
  const own = runs.filter((r) => r.str.trim() && centreIn(r, t));
  if (!own.length) return false;
  let goesOn = false;
  for (let i = 0; i + 1 < t.ys.length; i++) {
    const row = own.filter((r) => r.y - r.size * 0.3 >= t.ys[i] && r.y - r.size * 0.3 <= t.ys[i + 1]);
    if (!row.length) continue;
    const size = Math.max(...row.map((r) => r.size));
    if (t.ys[i + 1] - t.ys[i] > 1.8 * size) return false;
    const base = row[0].y;
    if (row.some((r) => Math.abs(r.y - base) > 0.3 * size)) return false;
    goesOn ||= runs.some(
      (r) =>
        r.str.trim() &&
        !own.includes(r) &&
        Math.abs(r.y - base) < 0.3 * size &&
        (Math.abs(r.x - right(t.box)) < size || Math.abs(t.box.x - right(r)) < size),
    );
  }
  return goesOn;
}
