// Tables from ruling lines: horizontal and vertical rules that touch each other form a grid; its rows and
// columns are the distinct rule positions, and a missing inner rule merges two cells of a row.
import type { Box, Segment, TextRun } from '../pdfjs/protocol';

export interface Cell {
  col: number;
  span: number;
}

export interface Table {
  box: Box;
  xs: number[];
  ys: number[];
  rows: Cell[][];
  runs: TextRun[];
}

interface H {
  y: number;
  x1: number;
  x2: number;
}
interface V {
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
    const xs = distinct(v.map((s) => s.x));
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
    });
  }
  return tables;
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
