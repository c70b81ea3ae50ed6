// List bullets a browser draws as shapes (Chrome's "Print to PDF": a disc is a small filled circle path, a
// circle a stroked one, a square a filled rectangle), not as glyphs: every list lost its bullets. A mark
// just left of a line's first word, centred on its lower half, becomes a bullet character run before that
// word; the item's paragraph then hangs from the text's x with a tab after the bullet (line-paragraphs.ts,
// paragraph.ts), so the words stay where the PDF has them.
import type { PageData, TextRun } from '../pdfjs/protocol';
import type { Line } from './layout';

const GLYPH = { disc: '\u2022', circle: '\u25e6', square: '\u25aa' } as const;

/** A word's start: a letter or digit after at most two other signs (an item's first word, not a legend key). */
const WORD_START = /^\W{0,2}[\p{L}\p{N}]/u;

/** The bullet runs made here: their text is a glyph the PDF never had, followed by a tab, not a space. */
const BULLETS = new WeakSet<TextRun>();

export const isBullet = (r: TextRun | undefined): boolean => !!r && BULLETS.has(r);

/** Where an item's words start when its line begins with a bullet run (undefined otherwise). */
export function bulletTextX(line: Line): number | undefined {
  return isBullet(line.runs[0]) && line.runs.length > 1 ? line.runs[1].x : undefined;
}

/** The page with a bullet run for each list mark that stands before a line of text. */
export function withBullets(page: PageData): PageData {
  if (!page.marks?.length) return page;
  const bullets: TextRun[] = [];
  for (const m of page.marks) {
    // a white mark shows nothing; a dot inside a drawing is the drawing's (a chart's points)
    if (/^#[d-f][0-9a-f][d-f][0-9a-f][d-f][0-9a-f]$/i.test(m.color)) continue;
    if (page.images.some((o) => m.x >= o.x && m.y >= o.y && m.x + m.w <= o.x + o.w && m.y + m.h <= o.y + o.h)) continue;
    const cy = m.y + m.h / 2;
    const fits = (r: TextRun) =>
      !r.rotated &&
      !r.invisible &&
      // an item's first word (a chart's legend key, a form's box before a brace are not bullets)
      WORD_START.test(r.str.trimStart()) &&
      // a browser's bullet is 0.25-0.35 em (a legend key or a check box is bigger)
      m.h >= 0.15 * r.size &&
      m.h <= 0.45 * r.size &&
      cy <= r.y - 0.05 * r.size &&
      cy >= r.y - 0.75 * r.size;
    // the word it stands before: starting 0.3-2.5 em right of it (Chrome: 0.7 em), on the line the dot is
    // centred on
    const host = wordAfter(page.runs, m.x + m.w, fits);
    if (!host || textBefore(page.runs.filter(fits), host, m.x)) continue;
    bullets.push(bulletRun(host, GLYPH[m.shape], m.x, m.w, m.color));
  }
  return bullets.length ? { ...page, runs: [...page.runs, ...bullets] } : page;
}

/** The leftmost of `runs` passing `ok` that starts 0.3-2.5 of its ems right of x: the word a bullet ending at x
 * stands before. */
const wordAfter = (runs: TextRun[], x: number, ok: (r: TextRun) => boolean) =>
  runs
    .filter((r) => ok(r) && r.x - x >= 0.3 * r.size && r.x - x <= 2.5 * r.size)
    .reduce<TextRun | undefined>((a, r) => (!a || r.x < a.x ? r : a), undefined);

/** Whether one of `runs` on `host`'s line stands before x (a dot between words is punctuation or decoration,
 * not a bullet). */
const textBefore = (runs: TextRun[], host: TextRun, x: number) =>
  runs.some((r) => r !== host && Math.abs(r.y - host.y) < 0.3 * host.size && r.x < x && r.x + r.w > x - 2 * host.size);

function bulletRun(host: TextRun, str: string, x: number, w: number, color: string): TextRun {
  const run: TextRun = { ...host, str, x, w, bold: false, italic: false, color, eol: false, script: undefined };
  BULLETS.add(run);
  return run;
}

/**
 * A glyph that reads as one control character standing where a bullet stands, 0.3-2.5 em before a line's
 * first word: the bullet of a TeX bitmap font that dvips and Ghostscript re-numbered (no ToUnicode; xfig's
 * guide: its items' bullets were lost, and the glyph's 15 pt line size split each item's first line off).
 */
export function glyphBullets(page: PageData): PageData {
  // only from a font that has nothing else to read on the page (a symbol font with no usable codes): a
  // script font's unmapped marks read as control characters among its letters too (Padauk's)
  // eslint-disable-next-line no-control-regex
  const CODE = /[\x00-\x1f]/g;
  const control = (str: string) => str.length === 1 && str.replace(CODE, '') === '';
  const readable = new Set(page.runs.filter((r) => /\S/.test(r.str.replace(CODE, ''))).map((r) => r.font));
  const lone = page.runs.filter((r) => control(r.str) && !readable.has(r.font) && !r.rotated && !r.invisible);
  if (!lone.length) return page;
  const words = page.runs.filter((r) => !r.invisible && /\S/.test(r.str) && !lone.includes(r));
  const swap = new Map<TextRun, TextRun>();
  for (const g of lone) {
    const word = (r: TextRun) => r !== g && WORD_START.test(r.str.trimStart()) && Math.abs(r.y - g.y) <= 0.6 * r.size;
    const host = wordAfter(page.runs, g.x + g.w, word);
    if (!host || textBefore(words, host, g.x)) continue;
    swap.set(g, bulletRun(host, '\u2022', g.x, Math.max(g.w, 0.35 * host.size), host.color));
  }
  return swap.size ? { ...page, runs: page.runs.map((r) => swap.get(r) ?? r) } : page;
}
