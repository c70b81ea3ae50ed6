// Tables from ruling lines: horizontal and vertical rules that touch each other form a grid; its rows and
// columns are the distinct rule positions, and a missing inner rule merges two cells of a row (or, under a
// cell, the cell with the one below it).
import type { Box, Segment, TextRun } from '../pdfjs/protocol';

export interface Cell {
  col: number;
  span: number;
  /** Rows this cell covers, from its own down (set when more than one). */
  rowSpan?: number;
  /** Covered by the cell above it (no rule between them): its text is that cell's. */
  merged?: boolean;
}

export interface Table {
  box: Box;
  xs: number[];
  ys: number[];
  rows: Cell[][];
  runs: TextRun[];
  /** The rules the grid was read from: a cell's side without one has no border (spanRows, table-docx.ts). */
  rules?: { h: H[]; v: V[] };
}

export interface H {
  y: number;
  x1: number;
  x2: number;
}
export interface V {
  x: number;
  y1: number;
  y2: number;
}

const TOL = 2.5;

// Rules a fraction of a point apart are one rule. They are clustered by position first and merged along their
// length within each cluster: sorted by position and then start alone, a rule at 176.52 after all those at
// 176.46 was compared only with the last of those, and a column's rule lost its upper rows.
function mergeRules<T>(
  rules: T[],
  at: (r: T) => number,
  from: (r: T) => number,
  to: (r: T) => number,
  set: (r: T, to: number) => void,
): T[] {
  const byAt = [...rules].sort((a, b) => at(a) - at(b));
  const out: T[] = [];
  for (let i = 0; i < byAt.length;) {
    let j = i + 1;
    while (j < byAt.length && at(byAt[j]) - at(byAt[j - 1]) < 1.5) j++;
    const cluster = byAt.slice(i, j).sort((a, b) => from(a) - from(b));
    let p: T | undefined;
    for (const r of cluster) {
      if (p && from(r) <= to(p) + TOL) set(p, Math.max(to(p), to(r)));
      else out.push((p = { ...r }));
    }
    i = j;
  }
  return out;
}

const mergeH = (hs: H[]): H[] =>
  mergeRules(
    hs,
    (h) => h.y,
    (h) => h.x1,
    (h) => h.x2,
    (h, x) => (h.x2 = x),
  );
const mergeV = (vs: V[]): V[] =>
  mergeRules(
    vs,
    (v) => v.x,
    (v) => v.y1,
    (v) => v.y2,
    (v, y) => (v.y2 = y),
  );

function distinct(vals: number[]): number[] {
  const s = [...vals].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of s) if (!out.length || v - out[out.length - 1] > TOL) out.push(v);
  return out;
}

/** A white rule does not show on the page: on a tint it is a plot's grid (R's grey panel), not a table's. */
export const shows = (s: Segment): boolean => !s.color || !/^#f[a-f0-9]f[a-f0-9]f[a-f0-9]$/i.test(s.color);

export function findTables(all: Segment[]): Table[] {
  const segments = all.filter(shows);
  if (segments.length < 4 || segments.length > 20000) return [];
  const hs = mergeH(
    segments
      .filter((s) => Math.abs(s.y1 - s.y2) < 1)
      .map((s) => ({
        y: (s.y1 + s.y2) / 2,
        x1: Math.min(s.x1, s.x2),
        x2: Math.max(s.x1, s.x2),
      })),
  );
  const vs = mergeV(
    segments
      .filter((s) => Math.abs(s.x1 - s.x2) < 1 && Math.abs(s.y1 - s.y2) >= 1)
      .map((s) => ({
        x: (s.x1 + s.x2) / 2,
        y1: Math.min(s.y1, s.y2),
        y2: Math.max(s.y1, s.y2),
      })),
  );
  // Union-find over rules that cross or touch.
  const parent = [...hs.map((_, i) => i), ...vs.map((_, i) => hs.length + i)];
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < hs.length; i++) {
    for (let j = 0; j < vs.length; j++) {
      const h = hs[i];
      const v = vs[j];
      if (v.x >= h.x1 - TOL && v.x <= h.x2 + TOL && h.y >= v.y1 - TOL && h.y <= v.y2 + TOL) {
        parent[find(i)] = find(hs.length + j);
      }
    }
  }
  const groups = new Map<number, { h: H[]; v: V[] }>();
  hs.forEach((h, i) => {
    const g = groups.get(find(i)) ?? { h: [], v: [] };
    g.h.push(h);
    groups.set(find(i), g);
  });
  vs.forEach((v, j) => {
    const g = groups.get(find(hs.length + j)) ?? { h: [], v: [] };
    g.v.push(v);
    groups.set(find(hs.length + j), g);
  });
  const tables: Table[] = [];
  for (const { h, v } of groups.values()) {
    if (h.length < 2 || v.length < 2) continue;
    const ys = distinct(h.map((s) => s.y));
    const xs = openSides(distinct(v.map((s) => s.x)), ys, h);
    if (ys.length < 2 || xs.length < 2 || (ys.length - 1) * (xs.length - 1) < 2) continue;
    if (xs[xs.length - 1] - xs[0] < 20 || ys[ys.length - 1] - ys[0] < 8) continue;
    const rows: Cell[][] = [];
    for (let r = 0; r + 1 < ys.length; r++) {
      const mid = (ys[r] + ys[r + 1]) / 2;
      const row: Cell[] = [];
      let start = 0;
      for (let c = 1; c < xs.length; c++) {
        const boundary =
          c === xs.length - 1 || v.some((s) => Math.abs(s.x - xs[c]) <= TOL && s.y1 <= mid && s.y2 >= mid);
        if (boundary) {
          row.push({ col: start, span: c - start });
          start = c;
        }
      }
      rows.push(row);
    }
    tables.push({
      box: { x: xs[0], y: ys[0], w: xs[xs.length - 1] - xs[0], h: ys[ys.length - 1] - ys[0] },
      xs,
      ys,
      rows,
      runs: [],
      rules: { h, v },
    });
  }
  return tables;
}

// A table ruled between its columns only (dblatex: no rule at its left and right sides) has rows ruled
// past its first and last column rules: the rows' common ends are its edges, the outer columns its own
// (they had been left as text beside a table of the inner columns). Its top and bottom rules and half its
// rows reach the same end, 8 pt or more past the outer column rule.
const OPEN_SIDE = 8;
function openSides(xs: number[], ys: number[], h: H[]): number[] {
  const rowAt = (y: number) => h.filter((s) => Math.abs(s.y - y) <= TOL);
  const side = (end: (row: H[]) => number, past: (e: number) => boolean): number | null => {
    const ends = ys.map((y) => end(rowAt(y)));
    const top = ends[0];
    const bottom = ends[ends.length - 1];
    if (!past(top) || !past(bottom) || Math.abs(top - bottom) > TOL) return null;
    const reaching = ends.filter((e) => Math.abs(e - top) <= TOL).length;
    return reaching >= ys.length / 2 ? top : null;
  };
  const left = side(
    (row) => Math.min(...row.map((s) => s.x1)),
    (e) => e < xs[0] - OPEN_SIDE,
  );
  const right = side(
    (row) => Math.max(...row.map((s) => s.x2)),
    (e) => e > xs[xs.length - 1] + OPEN_SIDE,
  );
  return [...(left === null ? [] : [left]), ...xs, ...(right === null ? [] : [right])];
}

/** Whether rule pieces [from, to] cover half or more of a..b. */
const halfCovered = (pieces: [number, number][], a: number, b: number) =>
  pieces.reduce((sum, [from, to]) => sum + Math.max(0, Math.min(to, b) - Math.max(from, a)), 0) >= 0.5 * (b - a);

/** Whether rules along y cover half or more of x1..x2 (a cell's top or bottom side). */
export function ruledAcross(t: Table, y: number, x1: number, x2: number): boolean {
  if (!t.rules) return true;
  return halfCovered(
    t.rules.h.filter((s) => Math.abs(s.y - y) <= TOL).map((s) => [s.x1, s.x2]),
    x1,
    x2,
  );
}

/** Whether rules along x cover half or more of y1..y2 (a cell's left or right side). */
export function ruledDown(t: Table, x: number, y1: number, y2: number): boolean {
  if (!t.rules) return true;
  return halfCovered(
    t.rules.v.filter((s) => Math.abs(s.x - x) <= TOL).map((s) => [s.y1, s.y2]),
    y1,
    y2,
  );
}

/**
 * A cell covers the cell below it (same columns) when no rule parts them and its text stands across the
 * line between them: graphviz's HTML-like labels ("hello" over "world", one cell three rows high beside a
 * nested row) came out a stack of cells, each with part of the text. Text that keeps to its rows (a
 * spreadsheet's rows without borders) stays in its rows. The table with its cells' spans set is returned.
 */
export function spanRows(table: Table): Table {
  // (on copies of the rows: the table stays as read)
  const t = { ...table, rows: table.rows.map((row) => row.map((c): Cell => ({ col: c.col, span: c.span }))) };
  const high = (q: TextRun) => q.y - 0.7 * q.size;
  const low = (q: TextRun) => q.y + 0.2 * q.size;
  const crosses = (q: TextRun, at: number) => high(q) < at - 0.05 * q.size && low(q) > at + 0.05 * q.size;
  // (text set inside either row is that row's: a spreadsheet's clipped line reaching up into the row above,
  // whose own text keeps to it, is no merge)
  const within = (q: TextRun, k: number) => high(q) >= t.ys[k] - 0.05 * q.size && low(q) <= t.ys[k + 1] + 0.05 * q.size;
  const head = new Map<Cell, Cell>();
  for (let r = 0; r + 1 < t.rows.length; r++) {
    for (const cell of t.rows[r]) {
      const x1 = t.xs[cell.col];
      const x2 = t.xs[cell.col + cell.span];
      const y = t.ys[r + 1];
      const below = t.rows[r + 1].find((c) => c.col === cell.col && c.span === cell.span);
      if (!below || ruledAcross(t, y, x1, x2)) continue;
      const own = t.runs.filter((q) => q.x + q.w / 2 >= x1 && q.x + q.w / 2 < x2);
      if (!own.some((q) => crosses(q, y)) || own.some((q) => within(q, r) || within(q, r + 1))) continue;
      const top = head.get(cell) ?? cell;
      top.rowSpan = (top.rowSpan ?? 1) + 1;
      below.merged = true;
      head.set(below, top);
    }
  }
  return t;
}

/**
 * A run that crosses a table's column rules (TeX sets a row of numbers as one text item when the rules
 * are drawn separately) is split at its spaces, each word at its share of the run's width, so every
 * word lands in the cell it is drawn in instead of the whole row in one narrow cell.
 */
export function splitAcrossColumns(r: TextRun, xs: number[]): TextRun[] {
  const inner = xs.slice(1, -1);
  if (!inner.some((x) => r.x < x - 1 && r.x + r.w > x + 1) || !/\S\s+\S/.test(r.str)) return [r];
  const perChar = r.w / Math.max(1, r.str.length);
  const out: TextRun[] = [];
  for (const m of r.str.matchAll(/\S+/g)) {
    out.push({ ...r, str: m[0], x: r.x + (m.index ?? 0) * perChar, w: m[0].length * perChar, eol: false });
  }
  if (out.length) out[out.length - 1].eol = r.eol;
  return out;
}
