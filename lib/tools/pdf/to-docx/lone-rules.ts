// Rules and boxes that are not a table's (issue 19, tenth pass): a form's fill-in lines and check boxes, a
// rule under a heading or above a footer, a frame around a paragraph. Only ruling lines that make a table
// were kept (as its borders); the rest was dropped. Each is now a picture of its colour and thickness
// behind the text at its place on the page, as shaded boxes are: it takes no room in the flow, so no text
// moves and nothing is pushed onto another Word page, and the text stays editable. A rule that underlines
// or strikes through the text on it becomes the runs' underline or strike-through instead, since the
// picture would stray from its words where Word breaks the line elsewhere.
import type { ImageRun } from 'docx';
import type { Box, PageData, Segment, TextRun } from '../pdfjs/protocol';
import { colourBoxesBehind } from './images';
import { shows } from './tables';

/** More rule pieces than this on a page (a chart or a pattern drawn as lines): none is drawn. */
const MAX_RULES = 1500;
/** The thinnest rule drawn: a hairline (width 0) is the thinnest line the device can draw. */
const HAIRLINE = 0.5;

type Rule = Box & { color: string };

const horizontal = (s: Segment) => Math.abs(s.y1 - s.y2) < 1;

/**
 * The horizontal rules among `segs`, pieces that touch end to end (htmldoc underlines a link word by word)
 * joined into one, so the whole is weighed against the words over it.
 */
export function joinedRules(segs: Segment[]): Segment[] {
  const out: Segment[] = [];
  const flat = segs
    .filter(horizontal)
    .map((s) => ({ ...s, x1: Math.min(s.x1, s.x2), x2: Math.max(s.x1, s.x2), y2: s.y1 }))
    .sort((a, b) => a.y1 - b.y1 || a.x1 - b.x1);
  for (const s of flat) {
    const last = out[out.length - 1];
    const joins =
      last &&
      Math.abs(last.y1 - s.y1) < 0.3 &&
      last.color === s.color &&
      last.width === s.width &&
      s.x1 >= last.x1 &&
      s.x1 <= last.x2 + 0.5;
    if (joins) last.x2 = Math.max(last.x2, s.x2);
    else out.push(s);
  }
  return out;
}

/** Whether rule `s` stands in `r`'s band under its baseline, thin enough for its underline (in ems: from 0.08
 * above the baseline to 0.3 below; thinner than 0.15). */
export function underlines(s: Segment, r: TextRun): boolean {
  const d = ((s.y1 + s.y2) / 2 - r.y) / r.size;
  return d >= -0.08 && d <= 0.3 && (s.width ?? 0) < 0.15 * r.size;
}

/** The runs a horizontal rule decorates, and how: on the baseline or just under it (underline) or through
 * the middle of the letters (strike-through), under text that covers most of the rule. */
function decorated(s: Segment, runs: TextRun[]): { runs: TextRun[]; kind: 'underline' | 'strike' } | null {
  const y = (s.y1 + s.y2) / 2;
  const x1 = Math.min(s.x1, s.x2);
  const x2 = Math.max(s.x1, s.x2);
  for (const kind of ['underline', 'strike'] as const) {
    const on = runs.filter((r) => {
      const d = (y - r.y) / r.size; // below the baseline, in ems
      const near = kind === 'underline' ? underlines(s, r) : d >= -0.45 && d <= -0.15 && (s.width ?? 0) < 0.15 * r.size;
      const over = Math.min(x2, r.x + r.w) - Math.max(x1, r.x);
      return near && over > 0.5 * r.w;
    });
    const covered = on.reduce((n, r) => n + Math.min(x2, r.x + r.w) - Math.max(x1, r.x), 0);
    if (on.length && covered >= 0.6 * (x2 - x1)) return { runs: on, kind };
  }
  return null;
}

/**
 * Marks the runs that a rule underlines or strikes through (`underline`, `strike`) and returns the other
 * rules that show (not white: tables.ts's test), outside `tables`, as boxes of their thickness, pieces of one
 * line joined; none when the page has more than MAX_RULES pieces.
 */
export function loneRules(page: PageData, tables: Box[]): Rule[] {
  const shown = page.segments.filter(shows);
  if (shown.length > MAX_RULES) return [];
  const segs = [...joinedRules(shown), ...shown.filter((g) => !horizontal(g))];
  const runs = page.runs.filter((r) => !r.invisible && !r.rotated && r.str.trim());
  const inTable = (b: Box) =>
    tables.some(
      (t) => b.x >= t.x - 2.5 && b.y >= t.y - 2.5 && b.x + b.w <= t.x + t.w + 2.5 && b.y + b.h <= t.y + t.h + 2.5,
    );
  const out: Rule[] = [];
  const across = new Map<Rule, boolean>(); // a rule's direction: pieces join only along it
  for (const s of segs) {
    const t = Math.max(HAIRLINE, s.width ?? 1);
    const h = horizontal(s);
    const b: Rule = h
      ? {
          x: Math.min(s.x1, s.x2),
          y: (s.y1 + s.y2) / 2 - t / 2,
          w: Math.abs(s.x2 - s.x1),
          h: t,
          color: s.color ?? '#000000',
        }
      : {
          x: (s.x1 + s.x2) / 2 - t / 2,
          y: Math.min(s.y1, s.y2),
          w: t,
          h: Math.abs(s.y2 - s.y1),
          color: s.color ?? '#000000',
        };
    if (inTable(b)) continue;
    const deco = h ? decorated(s, runs) : null;
    if (deco) {
      for (const r of deco.runs) r[deco.kind] = true;
      continue;
    }
    // the same rule painted twice (a thin box filled and stroked), or the next piece of one line
    const near = (u: number, v: number, d = 0.3) => Math.abs(u - v) < d;
    const same = out.find(
      (o) => o.color === b.color && near(o.x, b.x) && near(o.y, b.y) && near(o.w, b.w) && near(o.h, b.h),
    );
    if (same) continue;
    const next = out.find((o) =>
      o.color !== b.color || across.get(o) !== h
        ? false
        : h
          ? near(o.y, b.y, 0.2) && near(o.h, b.h, 0.2) && b.x <= o.x + o.w + 0.2 && b.x + b.w >= o.x - 0.2
          : near(o.x, b.x, 0.2) && near(o.w, b.w, 0.2) && b.y <= o.y + o.h + 0.2 && b.y + b.h >= o.y - 0.2,
    );
    if (next) {
      const x = Math.min(next.x, b.x);
      const y = Math.min(next.y, b.y);
      Object.assign(next, {
        x,
        y,
        w: Math.max(next.x + next.w, b.x + b.w) - x,
        h: Math.max(next.y + next.h, b.y + b.h) - y,
      });
    } else {
      out.push(b);
      across.set(b, h);
    }
  }
  return out;
}

/** Those rules as pictures behind the text at their place, in the order the PDF painted them. */
export function lonePictures(page: PageData, tables: Box[]): Promise<ImageRun[]> {
  return colourBoxesBehind(loneRules(page, tables));
}
