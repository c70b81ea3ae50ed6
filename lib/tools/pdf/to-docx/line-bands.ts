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
