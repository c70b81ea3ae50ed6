// A letter or a word in a box drawn round it (a multiple-choice sheet's answer letters "[A] Cayenne", a key
// "[Ctrl]"), and an empty check box before its answer: four thin rules. As lone rules they were pictures
// placed against the page while the text flowed, so in Word each box drifted off its line (AMC's sheets:
// a line lower), and a box's bottom edge underlined its letter. A letter's box is the run's own character
// border now (w:bdr); an empty box is the ballot box character "☐" in the line, as Word's own forms have it:
// both move with their words wherever Word sets the line.
import type { PageData, Segment, TextRun } from '../pdfjs/protocol';

type RunBox = NonNullable<TextRun['boxed']>;

const lo = (a: number, b: number) => Math.min(a, b);
const hi = (a: number, b: number) => Math.max(a, b);
const near = (a: number, b: number, d: number) => Math.abs(a - b) <= d;
/** More straight rules than this on a page (a chart, a pattern drawn in lines): no box is looked for. */
const MAX_SEGMENTS = 3000;

/** A horizontal rule running from x1 to x2, within a point at each end. */
const spansX = (g: Segment, x1: number, x2: number) => near(lo(g.x1, g.x2), x1, 1) && near(hi(g.x1, g.x2), x2, 1);

/** The left and right rules that close the box x1..x2 × y1..y2 (each within a point of its side, spanning
 * its height and no more than 2 pt past it), both passing `ok`; null unless both are there. */
function sidesOf(vert: Segment[], x1: number, x2: number, y1: number, y2: number, ok: (g: Segment) => boolean) {
  const side = (x: number) =>
    vert.find(
      (g) =>
        ok(g) &&
        near(g.x1, x, 1) &&
        lo(g.y1, g.y2) <= y1 + 1 &&
        hi(g.y1, g.y2) >= y2 - 1 &&
        hi(g.y1, g.y2) - lo(g.y1, g.y2) <= y2 - y1 + 2,
    );
  const [left, right] = [side(x1), side(x2)];
  return left && right ? [left, right] : null;
}

/** Whether text other than `except` stands inside the box x1..x2 × y1..y2. */
const textInside = (runs: TextRun[], x1: number, x2: number, y1: number, y2: number, except?: TextRun) =>
  runs.some((q) => q !== except && q.x < x2 && q.x + q.w > x1 && q.y - 0.7 * q.size < y2 && q.y > y1);

/** The four thin rules that close a box tight round `r` (its letters inside, at most an em to spare),
 * or null. */
function boxRound(r: TextRun, horiz: Segment[], vert: Segment[]): Segment[] | null {
  const s = r.size;
  const thin = (g: Segment) => (g.width ?? 1) < 0.15 * s;
  const spans = (g: Segment) =>
    thin(g) &&
    lo(g.x1, g.x2) <= r.x + 0.2 &&
    hi(g.x1, g.x2) >= r.x + r.w - 0.2 &&
    hi(g.x1, g.x2) - lo(g.x1, g.x2) <= r.w + 1.5 * s;
  const top = horiz.find((g) => spans(g) && g.y1 >= r.y - 1.2 * s && g.y1 <= r.y - 0.55 * s);
  if (!top) return null;
  const x1 = lo(top.x1, top.x2);
  const x2 = hi(top.x1, top.x2);
  const bottom = horiz.find((g) => spans(g) && g.y1 >= r.y - 0.05 * s && g.y1 <= r.y + 0.45 * s && spansX(g, x1, x2));
  if (!bottom) return null;
  const sides = sidesOf(vert, x1, x2, top.y1, bottom.y1, thin);
  return sides ? [top, bottom, ...sides] : null;
}

/** The page with each run that sits alone in a drawn box marked `boxed`, and that box's rules taken out of
 * its segments (they are no lone rules, no underline, no table). A page without one comes back as it is. */
export function boxedRuns(page: PageData): PageData {
  const horiz = page.segments.filter((g) => near(g.y1, g.y2, 0.5));
  const vert = page.segments.filter((g) => near(g.x1, g.x2, 0.5));
  if (!horiz.length || !vert.length) return page;
  if (horiz.length + vert.length > MAX_SEGMENTS) return page;
  const used = new Set<Segment>();
  const marked = new Map<TextRun, RunBox>();
  const runs = page.runs.filter((r) => !r.invisible && !r.rotated && r.str.trim());
  for (const r of runs) {
    const box = boxRound(r, horiz, vert);
    if (!box || box.some((g) => used.has(g))) continue;
    const [top, bottom] = box;
    const x1 = lo(top.x1, top.x2);
    const x2 = hi(top.x1, top.x2);
    // alone in it: no other text inside
    if (textInside(runs, x1, x2, top.y1, bottom.y1, r)) continue;
    box.forEach((g) => used.add(g));
    marked.set(r, { color: top.color ?? '#000000', width: top.width ?? 1 });
  }
  const ballots = checkBoxes(horiz, vert, used, runs);
  if (!marked.size && !ballots.length) return page;
  return {
    ...page,
    runs: [...page.runs.map((r) => (marked.has(r) ? { ...r, boxed: marked.get(r) } : r)), ...ballots],
    segments: page.segments.filter((g) => !used.has(g)),
  };
}

/** Empty square boxes of four thin rules just before a run on its line, as "☐" runs in that run's face and
 * size (their rules added to `used`). */
function checkBoxes(horiz: Segment[], vert: Segment[], used: Set<Segment>, runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const top of horiz) {
    if (used.has(top)) continue;
    const x1 = lo(top.x1, top.x2);
    const x2 = hi(top.x1, top.x2);
    const w = x2 - x1;
    if (w < 4 || w > 20) continue;
    const bottom = horiz.find(
      (g) => !used.has(g) && g.y1 > top.y1 && near(g.y1 - top.y1, w, 0.35 * w) && spansX(g, x1, x2),
    );
    if (!bottom) continue;
    const [y1, y2] = [top.y1, bottom.y1];
    const sides = sidesOf(vert, x1, x2, y1, y2, (g) => !used.has(g));
    if (!sides || textInside(runs, x1, x2, y1, y2)) continue;
    // its answer: a run starting within two ems after it, the box standing on or about its baseline
    const next = runs
      .filter(
        (q) =>
          q.x >= x2 - 0.5 &&
          q.x - x2 <= 2 * q.size &&
          (y2 - q.y) / q.size >= -0.35 &&
          (y2 - q.y) / q.size <= 0.45 &&
          (y2 - y1) / q.size >= 0.5 &&
          (y2 - y1) / q.size <= 1.3,
      )
      .sort((a, b) => a.x - b.x)[0];
    if (!next) continue;
    [top, bottom, ...sides].forEach((g) => used.add(g));
    out.push({
      ...next,
      str: '☐',
      x: x1,
      w,
      bold: false,
      italic: false,
      color: top.color ?? '#000000',
      eol: false,
      script: undefined,
      underline: undefined,
      strike: undefined,
      boxed: undefined,
    });
  }
  return out;
}
