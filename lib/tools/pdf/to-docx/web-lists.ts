// List bullets a browser draws as shapes (Chrome's "Print to PDF": a disc is a small filled circle path, a
// circle a stroked one, a square a filled rectangle), not as glyphs: every list lost its bullets. A mark
// just left of a line's first word, centred on its lower half, becomes a bullet character run before that
// word; the item's paragraph then hangs from the text's x with a tab after the bullet (line-paragraphs.ts,
// paragraph.ts), so the words stay where the PDF has them.
import type { PageData, TextRun } from '../pdfjs/protocol';
import type { Line } from './layout';

const GLYPH = { disc: '\u2022', circle: '\u25e6', square: '\u25aa' } as const;

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
      /^\W{0,2}[\p{L}\p{N}]/u.test(r.str.trimStart()) &&
      // a browser's bullet is 0.25-0.35 em (a legend key or a check box is bigger)
      m.h >= 0.15 * r.size &&
      m.h <= 0.45 * r.size &&
      cy <= r.y - 0.05 * r.size &&
      cy >= r.y - 0.75 * r.size;
    // the word it stands before: starting 0.3-2.5 em right of it (Chrome: 0.7 em), on the line the dot is
    // centred on
    let host: TextRun | undefined;
    for (const r of page.runs) {
      const gap = r.x - (m.x + m.w);
      if (fits(r) && gap >= 0.3 * r.size && gap <= 2.5 * r.size && (!host || r.x < host.x)) host = r;
    }
    if (!host) continue;
    const h = host;
    // and nothing of that line before it: a dot between words is punctuation or decoration, not a bullet
    if (
      page.runs.some(
        (r) => r !== h && fits(r) && Math.abs(r.y - h.y) < 0.3 * h.size && r.x < m.x && r.x + r.w > m.x - 2 * h.size,
      )
    )
      continue;
    const run: TextRun = {
      ...h,
      str: GLYPH[m.shape],
      x: m.x,
      w: m.w,
      bold: false,
      italic: false,
      color: m.color,
      eol: false,
      script: undefined,
    };
    BULLETS.add(run);
    bullets.push(run);
  }
  return bullets.length ? { ...page, runs: [...page.runs, ...bullets] } : page;
}
