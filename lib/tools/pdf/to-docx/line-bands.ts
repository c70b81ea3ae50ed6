// Pieces of one baseline band (form rows, label and value) joined into one line with tabs between them.
import type { TextRun } from '../pdfjs/protocol';
import { bottom, right } from './box';
import type { Line } from './layout';

/**
 * Lines that share a baseline band but were not separated into columns (forms, label/value rows) become
 * one line whose pieces are separated by tabs, so they stay on one line in Word.
 */
export function mergeBands(lines: Line[], tolerance = 0.5): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    const band = out.find(
      (o) =>
        Math.abs(o.baseline - l.baseline) < tolerance * Math.min(o.size, l.size) &&
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
  if (pieces.length < 2) return lines;
  return lines.map((l) => {
    let tabs: Set<TextRun> | undefined;
    l.runs.forEach((r, i) => {
      const prev = l.runs[i - 1];
      if (!prev || r.x - (prev.x + prev.w) < l.size) return;
      if (pieces.filter((o) => o !== l && Math.abs(o.x - r.x) < 1).length < 2) return;
      tabs ??= new Set(l.tabRuns ?? []);
      tabs.add(r);
    });
    return tabs ? { ...l, tabRuns: tabs } : l;
  });
}
