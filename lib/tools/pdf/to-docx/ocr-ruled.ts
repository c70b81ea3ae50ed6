// A ruled page (a form, a certificate, a table filling the page) has no blank band between lines of running
// text to cut along (ocr-split.ts), so one tesseract thread read it whole while the other waited: a dense
// certificate's page took 7 s, its job 4.4 s a page. Such a page is cut at a rule that crosses its whole
// text: no cell and no line of text lies on both sides of it. A scan's rule slopes with the page, so it is
// followed across in short segments, and each part keeps only what lies on its side of the rule.

/** A rule crosses this share of the text's width at least (a table's full width, not a cell's border). */
const ACROSS = 0.8;
/** Width of the segments a rule is followed in (inches); a segment of a rule is dark over this share of
 * its width in each of the rule's rows (a scan's rule is rarely whole). */
const SEGMENT_IN = 1 / 4;
const SEGMENT_DARK = 0.85;
/** A rule is at most this thick (inches): a thicker dark band is a bar, and may hold light lettering. */
const MAX_THICK_IN = 1 / 32;
/** A rule's middle moves at most this many rows from one segment to the next (a skew of ~2.5°), and a
 * rule may miss one segment (a break, a box drawn across it). */
const MAX_STEP = 3;
/** Each part keeps at least this share of the text's height. */
const MIN_PART = 0.3;

/** A rule across the text: its top and bottom rows at the middle of each segment it was followed in. */
export interface Rule {
  xs: number[];
  tops: number[];
  bottoms: number[];
}

/** The runs of rows (at most `maxThick`) in [y0, y1) where segment [sx, sx + sw) is dark, as their first
 * and last rows. */
function segmentRuns(
  data: Uint8Array,
  W: number,
  ink: number,
  sx: number,
  sw: number,
  maxThick: number,
  y0: number,
  y1: number,
) {
  const runs: { top: number; bottom: number }[] = [];
  for (let y = y0, from = -1; y <= y1; y++) {
    let dark = 0;
    if (y < y1) for (let i = y * W + sx, end = i + sw; i < end; i++) if (data[i] < ink) dark++;
    const on = dark >= SEGMENT_DARK * sw;
    if (on && from < 0) from = y;
    if (!on && from >= 0) {
      if (y - from <= maxThick) runs.push({ top: from, bottom: y - 1 });
      from = -1;
    }
  }
  return runs;
}

/** The rules crossing ACROSS of the text's width `x0`..`x1` on a grey page (`W` pixels wide, levels under
 * `ink` dark), within rows [y0, y1). */
export function rulesAcross(
  data: Uint8Array,
  W: number,
  ink: number,
  x0: number,
  x1: number,
  dpi: number,
  y0 = 0,
  y1 = Math.floor(data.length / W),
): Rule[] {
  const sw = Math.max(8, Math.round(dpi * SEGMENT_IN));
  const n = Math.floor((x1 - x0) / sw);
  const maxThick = Math.max(2, Math.round(dpi * MAX_THICK_IN));
  const segs = Array.from({ length: n }, (_, s) => segmentRuns(data, W, ink, x0 + s * sw, sw, maxThick, y0, y1));
  const used = segs.map((runs) => runs.map(() => false));
  const rules: Rule[] = [];
  for (let s = 0; s < n; s++)
    segs[s].forEach((_, k) => {
      if (used[s][k]) return;
      const rule: Rule = { xs: [], tops: [], bottoms: [] };
      let at = { s, k };
      for (;;) {
        const r = segs[at.s][at.k];
        used[at.s][at.k] = true;
        rule.xs.push(x0 + at.s * sw + sw / 2);
        rule.tops.push(r.top);
        rule.bottoms.push(r.bottom);
        const mid = (r.top + r.bottom) / 2;
        let next: { s: number; k: number } | null = null;
        for (let t = at.s + 1; t <= at.s + 2 && t < n && !next; t++) {
          const j = segs[t].findIndex(
            (q, i) => !used[t][i] && Math.abs((q.top + q.bottom) / 2 - mid) <= MAX_STEP * (t - at.s),
          );
          if (j >= 0) next = { s: t, k: j };
        }
        if (!next) break;
        at = next;
      }
      if (rule.xs[rule.xs.length - 1] - rule.xs[0] + sw >= ACROSS * (x1 - x0)) rules.push(rule);
    });
  return rules;
}

/** A rule's row at column x (`side` its top or bottom): between its segments as followed, beyond its ends
 * along its overall slope. */
export function ruleAt(rule: Rule, side: 'tops' | 'bottoms', x: number): number {
  const { xs } = rule;
  const ys = rule[side];
  const n = xs.length - 1;
  if (x <= xs[0] || x >= xs[n]) {
    const slope = n ? (ys[n] - ys[0]) / (xs[n] - xs[0]) : 0;
    return x <= xs[0] ? ys[0] + slope * (x - xs[0]) : ys[n] + slope * (x - xs[n]);
  }
  let i = 0;
  while (x > xs[i + 1]) i++;
  return ys[i] + ((ys[i + 1] - ys[i]) * (x - xs[i])) / (xs[i + 1] - xs[i]);
}

const middleOf = (r: Rule) => (Math.min(...r.tops) + Math.max(...r.bottoms)) / 2;

/** The rule to cut a ruled page at: the one nearest the middle of its text (`x0`..`x1`, rows
 * `first`..`last`), with MIN_PART of the text on either side; null when there is none. */
export function ruleCut(
  data: Uint8Array,
  W: number,
  ink: number,
  text: { x0: number; x1: number; first: number; last: number },
  dpi: number,
): Rule | null {
  const span = text.last - text.first;
  const middle = (text.first + text.last) / 2;
  const [from, to] = [Math.ceil(text.first + MIN_PART * span), Math.floor(text.last - MIN_PART * span)];
  // (only the rows it may lie in are searched; a rule cut off by their ends is not one)
  return (
    rulesAcross(data, W, ink, text.x0, text.x1, dpi, from, to + 1)
      .filter((r) => Math.min(...r.tops) > from && Math.max(...r.bottoms) < to)
      .sort((a, b) => Math.abs(middleOf(a) - middle) - Math.abs(middleOf(b) - middle))[0] ?? null
  );
}

/** The page's two parts on either side of `rule`: each a copy of the page where the rule and everything
 * on the other side of it is paper, and the rows it spans. */
export function partsAt(
  data: Uint8Array,
  W: number,
  rule: Rule,
  paper: number,
): { data: Uint8Array; y: number; h: number }[] {
  const H = Math.floor(data.length / W);
  const top = Math.max(0, Math.floor(Math.min(...rule.tops)) - 1);
  const bottom = Math.min(H - 1, Math.ceil(Math.max(...rule.bottoms)) + 1);
  const above = new Uint8Array(data);
  const below = new Uint8Array(data);
  for (let x = 0; x < W; x++) {
    // (a pixel more either side: the rule's grey edges)
    const t = Math.round(ruleAt(rule, 'tops', x)) - 1;
    const b = Math.round(ruleAt(rule, 'bottoms', x)) + 1;
    for (let y = Math.max(0, t); y <= bottom; y++) above[y * W + x] = paper;
    for (let y = top; y <= Math.min(H - 1, b); y++) below[y * W + x] = paper;
  }
  return [
    { data: above, y: 0, h: bottom + 1 },
    { data: below, y: top, h: H - top },
  ];
}
