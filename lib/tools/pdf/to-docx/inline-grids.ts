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

/** Most rows of such a grid (spans on consecutive lines that touch) and most words in one of its cells. */
const MAX_ROWS = 3;
const MAX_WORDS = 3;

/**
 * Whether the grid `t` is words of running text in bordered spans: at most 3 rows, each one line of text
 * (at most 1.8 of its ems tall, its words on one baseline), each cell a word or few, and the line of some
 * row goes on outside the grid, a word of it within an em of the grid's left or right side. A table's rows
 * have room round their text, and text beside a table is a column gutter away; a form's ruled rows of
 * labels (f1040) hold more words in a cell or more rows.
 */
export function inSentence(t: Table, runs: TextRun[]): boolean {
  if (t.ys.length - 1 > MAX_ROWS) return false;
  const own = runs.filter((r) => r.str.trim() && centreIn(r, t));
  if (!own.length) return false;
  const words = (row: TextRun[], c: number, c2: number) =>
    row
      .filter((r) => r.x + r.w / 2 >= t.xs[c] && r.x + r.w / 2 <= t.xs[c2])
      .reduce((n, r) => n + r.str.split(/\s+/).filter(Boolean).length, 0);
  let goesOn = false;
  for (let i = 0; i + 1 < t.ys.length; i++) {
    const row = own.filter((r) => r.y - r.size * 0.3 >= t.ys[i] && r.y - r.size * 0.3 <= t.ys[i + 1]);
    if (!row.length) continue;
    if (t.rows[i].some((c) => words(row, c.col, c.col + c.span) > MAX_WORDS)) return false;
    const size = Math.max(...row.map((r) => r.size));
    if (t.ys[i + 1] - t.ys[i] > 1.8 * size) return false;
    const base = row[0].y;
    if (row.some((r) => Math.abs(r.y - base) > 0.3 * size)) return false;
    goesOn ||= runs.some(
      (r) =>
        r.str.trim() &&
        !own.includes(r) &&
        Math.abs(r.y - base) < 0.3 * size &&
        (Math.abs(r.x - right(t.box)) < size || Math.abs(t.box.x - (r.x + r.w)) < size),
    );
  }
  return goesOn;
}

/** Most of a squared page's cells that hold text, and its fewest rows and columns. */
const PAPER_TEXT = 0.1;
const PAPER_CELLS = 8;
const even = (at: number[]) => {
  const steps = at.slice(1).map((v, i) => v - at[i]);
  return Math.max(...steps) - Math.min(...steps) < Math.max(0.5, 0.05 * Math.min(...steps));
};

/**
 * Whether the grid `t` is squared paper (issue 19, twenty-fourth pass): 8 or more rows and columns at one
 * pitch each way, text in at most a tenth of its cells. A LaTeX exam's answer pages are 5 mm squares under
 * the question; read as a table of 1,900 empty cells they ran a page onto two. It is a drawing, the words
 * on it lines as they are. A table's columns differ in width, or its cells hold its words.
 */
export function squaredPaper(t: Table, runs: TextRun[]): boolean {
  const cols = t.xs.length - 1;
  const rows = t.ys.length - 1;
  if (cols < PAPER_CELLS || rows < PAPER_CELLS || !even(t.xs) || !even(t.ys)) return false;
  // (merged cells in most rows: a form's layout; a few are where the page's head and foot cover the grid)
  if (t.rows.filter((r) => r.length === cols).length < 0.8 * rows) return false;
  const filled = new Set<number>();
  for (const r of runs) {
    if (!r.str.trim() || !centreIn(r, t)) continue;
    const cy = r.y - r.size * 0.3;
    const row = t.ys.findIndex((y, i) => i < rows && cy >= y && cy <= t.ys[i + 1]);
    for (let c = 0; c < cols; c++) if (r.x < t.xs[c + 1] && r.x + r.w > t.xs[c]) filled.add(row * cols + c);
  }
  return filled.size <= PAPER_TEXT * rows * cols;
}

/**
 * Whether the grid `t` is one row running past the page's top or bottom: a box drawn round a longer document
 * (Qt prints a web page's bordered body whole, each page a window on it). Laid out as a table, its one row
 * could not break, and all of LibreOffice's Access2Base page moved onto the next page and ran over a third.
 */
export function pageWindow(t: Table, pageHeight: number): boolean {
  return t.ys.length === 2 && (t.box.y < -1 || bottom(t.box) > pageHeight + 1);
}
