// Pieces of one baseline band (form rows, label and value) joined into one line with tabs between them.
import type { TextRun } from '../pdfjs/protocol';
import { bottom, right } from './box';
import type { Line } from './layout';
import { hasLeader } from './leader';
import { typewriterRun } from './stacked';

/**
 * Lines that share a baseline band but were not separated into columns (forms, label/value rows) become
 * one line whose pieces are separated by tabs, so they stay on one line in Word.
 */
export function mergeBands(lines: Line[], tolerance = 0.5): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    const band = out.find(
      (o) =>
        (Math.abs(o.baseline - l.baseline) < tolerance * Math.min(o.size, l.size) || topAligned(o, l)) &&
        (l.x >= right(o) || right(l) <= o.x),
    );
    if (!band) {
      out.push(l);
      continue;
    }
    const pieces = [band, l].sort((a, b) => a.x - b.x);
    const tabRuns = new Set<TextRun>([...(band.tabRuns ?? []), ...(l.tabRuns ?? [])]);
    tabRuns.add(pieces[1].runs[0]);
    const x = Math.min(band.x, l.x);
    const y = Math.min(band.y, l.y);
    const merged: Line = {
      runs: [...pieces[0].runs, ...pieces[1].runs],
      x,
      y,
      w: Math.max(right(band), right(l)) - x,
      h: Math.max(bottom(band), bottom(l)) - y,
      baseline: band.baseline,
      size: Math.max(band.size, l.size),
      tabRuns,
    };
    out[out.indexOf(band)] = merged;
  }
  return out;
}

/**
 * A row's cells in two sizes set from one top (a font sheet's 8 pt feature name beside its 14 pt glyphs, 4 pt
 * lower): their baselines are too far apart for one band, their tops level. Each had been a line of its own,
 * the glyphs on a line after their name.
 */
function topAligned(a: Line, b: Line): boolean {
  const [lo, hi] = a.size <= b.size ? [a, b] : [b, a];
  // (cells of a few words in one size, the larger not a bold heading: a heading level with a column's line
  // beside it across a gutter is no row)
  const words = (l: Line) =>
    l.runs
      .map((r) => r.str)
      .join(' ')
      .trim()
      .split(/\s+/).length;
  const cell = (l: Line) => words(l) <= CELL_WORDS && l.runs.every((r) => Math.abs(r.size - l.size) < 0.5);
  return (
    hi.size >= 1.3 * lo.size &&
    Math.abs(a.y - b.y) < 0.15 * lo.size &&
    Math.abs(a.baseline - b.baseline) < 0.5 * hi.size &&
    !hi.runs.every((r) => r.bold) &&
    cell(a) &&
    cell(b)
  );
}
const CELL_WORDS = 8;

/**
 * A table set without rules whose rows are lines (htmldoc's key list: the key centred in its column, the
 * description at one x): where a row's key is long, the gap before its description is narrow enough that
 * the row was read as one line and its description ran on after the key in Word. A run after a gap of an em
 * or more that starts where at least two other rows' second pieces start (lines with a piece before them on
 * their baseline) is a tab stop's piece. A list's or a description's wrapped lines have nothing before them.
 */
export function columnTabs(lines: Line[]): Line[] {
  const pieces = lines.filter((o) =>
    lines.some((q) => q !== o && Math.abs(q.baseline - o.baseline) < 0.5 * o.size && right(q) < o.x),
  );
  // (and the runs such a gap leaves inside other rows: gene-logic's rows of a code sample, "produces" and its
  // result, the first row two pieces and the next two one line each, were read as one wrapped paragraph)
  // (rows starting at one x, not a contents page's numbers after their leaders, nor an item's words after its
  // bullet or number: a list's lines are joined as its items wrap)
  const marker = (t: string) => t.length <= 3 || /^[([]?[\divxlc]+(\.[\divxlc]+)*[.)\]]?$/i.test(t);
  const gapBefore = (o: Line, i: number) =>
    i > 0 && !marker(o.runs[i - 1].str.trim()) && o.runs[i].x - (o.runs[i - 1].x + o.runs[i - 1].w) >= o.size;
  const afterGap = (o: Line) => (hasLeader(o) ? [] : o.runs.filter((_, i) => gapBefore(o, i)));
  const starts = [
    ...pieces.map((o) => ({ line: o, x: o.x })),
    ...lines.flatMap((o) => afterGap(o).map((r) => ({ line: o, x: r.x }))),
  ];
  if (starts.length < 2) return lines;
  // a table of two rows: one other row will do when it is the row just before, set apart in pieces, and
  // starting where this one starts (gene-logic's two-line samples)
  const rowAbove = (o: Line, l: Line) =>
    pieces.includes(o) &&
    l.baseline - o.baseline > 0 &&
    l.baseline - o.baseline < 2 * l.size &&
    Math.abs(Math.min(...lines.filter((q) => Math.abs(q.baseline - o.baseline) < 0.5 * o.size).map((q) => q.x)) - l.x) <
      1;
  return lines.map((l) => {
    let tabs: Set<TextRun> | undefined;
    l.runs.forEach((r, i) => {
      const prev = l.runs[i - 1];
      if (!prev || r.x - (prev.x + prev.w) < l.size) return;
      // a typewriter piece that Courier New (0.6 em a letter, wider than TeX's 0.525) would run past the stop:
      // the tab went on to the next default stop, its column far off to the right
      if (typewriterRun(prev) && prev.x + 0.6 * prev.size * prev.str.length > r.x - 0.2 * l.size) return;
      const gap = gapBefore(l, i);
      const same = starts.filter(
        (o) =>
          o.line !== l &&
          Math.abs(o.x - r.x) < 1 &&
          (pieces.includes(o.line) || (Math.abs(o.line.x - l.x) < 1 && !hasLeader(l) && gap)),
      );
      if (same.length < 2 && !(gap && same.some((o) => rowAbove(o.line, l)))) return;
      tabs ??= new Set(l.tabRuns ?? []);
      tabs.add(r);
    });
    return tabs ? { ...l, tabRuns: tabs } : l;
  });
}
