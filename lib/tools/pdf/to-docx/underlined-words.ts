// A link underlined inside a sentence (htmldoc sets "See also Edit Panel about PICTURE objects." as one text
// item and draws a rule under "Edit Panel" alone). lone-rules.ts underlines whole runs: a rule under part
// of a run stayed a picture at its place on the page, which strays from its words as soon as a line above
// wraps differently in Word (xfig's manual: each underline a line off by the foot of the page), or it
// underlined the whole run ("such as PostScript"). The run is cut at the words the rule is under, so the
// rule marks those words alone (and the piece gets its link, paragraph.ts linkFor).
import type { PageData, Segment, TextRun } from '../pdfjs/protocol';
import { measuredFamily, substituteWidth, wideSansWidth } from './metrics';
import { wordFont } from './word-fonts';
import { shows } from './tables';
import { joinedRules, underlines } from './lone-rules';

/** More straight rules than this on a page (a chart, a pattern): no run is cut. */
const MAX_SEGMENTS = 3000;

/** x of each character boundary of `r` (length + 1 entries), by the substitute face's widths scaled to
 * the run's width. */
async function edges(r: TextRun): Promise<number[]> {
  const family = wordFont(r.font, r.generic);
  const width = async (t: string) =>
    (measuredFamily(family) ? await substituteWidth(t, family, r.size, r.bold, r.italic) : null) ??
    wideSansWidth(t, r.size, r.bold);
  const chars = [...r.str];
  const full = (await width(r.str)) || 1;
  const out = [r.x];
  let prefix = '';
  for (const c of chars) {
    prefix += c;
    out.push(r.x + ((await width(prefix)) / full) * r.w);
  }
  return out;
}

/** Whether rule `s` (joined, x1 <= x2) could underline some of `r`'s words: in its underline band, across
 * part of it, and `r` more than one word. Checked before any width is measured. */
const candidate = (r: TextRun, s: Segment) =>
  !r.invisible && !r.rotated && underlines(s, r) && s.x2 > r.x && s.x1 < r.x + r.w && /\S\s+\S/.test(r.str);

/** The run cut round the words `s` is under, or null when it is under none of them, all of them, or not
 * at their ends. */
async function cut(r: TextRun, s: Segment): Promise<TextRun[] | null> {
  const x = await edges(r);
  const chars = [...r.str];
  const words: { from: number; to: number }[] = [];
  for (const w of r.str.matchAll(/\S+/g)) {
    const from = [...r.str.slice(0, w.index)].length;
    words.push({ from, to: from + [...w[0]].length });
  }
  const inside = (w: { from: number; to: number }) =>
    Math.min(s.x2, x[w.to]) - Math.max(s.x1, x[w.from]) >= 0.6 * (x[w.to] - x[w.from]);
  const under = words.filter(inside);
  if (!under.length || under.length === words.length) return null;
  const first = under[0];
  const last = under[under.length - 1];
  if (words.indexOf(last) - words.indexOf(first) + 1 !== under.length) return null;
  const em = 0.5 * r.size;
  if (Math.abs(s.x1 - x[first.from]) > em || Math.abs(s.x2 - x[last.to]) > em) return null;
  const piece = (from: number, to: number): TextRun => ({
    ...r,
    str: chars.slice(from, to).join(''),
    x: x[from],
    w: x[to] - x[from],
    eol: false,
  });
  const out = [piece(0, first.from), piece(first.from, last.to), piece(last.to, chars.length)].filter(
    (p) => p.str.length,
  );
  out[out.length - 1].eol = r.eol;
  return out;
}

/** The page with each run that a thin rule underlines in part cut at those words; lone-rules.ts then
 * underlines the piece. */
export async function underlinedWords(page: PageData): Promise<PageData> {
  if (page.segments.length > MAX_SEGMENTS) return page;
  const under = joinedRules(page.segments.filter(shows));
  if (!under.length) return page;
  let runs = page.runs;
  let changed = false;
  for (const s of under) {
    const next: TextRun[] = [];
    for (const r of runs) {
      const pieces = candidate(r, s) ? await cut(r, s) : null;
      if (pieces) changed = true;
      next.push(...(pieces ?? [r]));
    }
    runs = next;
  }
  return changed ? { ...page, runs } : page;
}
