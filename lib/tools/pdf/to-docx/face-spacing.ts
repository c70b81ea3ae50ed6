// Character spacing by face for PDF to Word. fitSpacing (paragraph.ts) gives a paragraph one spacing, set by
// its tightest line. A paragraph in two faces whose substitutes miss their PDF widths in opposite ways got
// the worse of both: TeX's roman is a tenth wider than Times New Roman, its stand-in, and its typewriter face
// a seventh narrower than Courier New. The Courier words overflowed, so the whole paragraph was condensed,
// its roman lines took in more words still, and each page's text ended higher (Grace's FAQ). Each face now
// gets its own spacing, then all give way together where a line would run past its PDF width.
import type { TextRun } from '../pdfjs/protocol';
import { right } from './box';
import type { Line } from './layout';
import type { Para } from './line-paragraphs';
import { measuredFamily, substituteWidth } from './metrics';
import { TW } from './units';
import { isBullet } from './web-lists';
import { wordFont } from './word-fonts';

/** At most this much spacing per character, in ems: a narrower substitute face, not a gap in a line. */
export const SPREAD_MAX = 0.06;

/** Each run's width in its substitute face (bullets left out); null when a run cannot be measured. */
export async function lineWidths(line: Line): Promise<Map<TextRun, number> | null> {
  const widths = new Map<TextRun, number>();
  for (const r of line.runs) {
    if (isBullet(r)) continue;
    // at the size Word sets (half points: a browser's 10.8 pt text is 11 pt there, 1.9 % wider)
    const size = r.script ? r.size : Math.max(1, Math.round(r.size * 2) / 2);
    const family = wordFont(r.font, r.generic);
    let w = await substituteWidth(r.str, family, size, r.bold, r.italic);
    // a face kept by its name (DejaVu Sans, Georgia, Calibri) is the PDF's own: its width at Word's size;
    // so is taken a short run the substitute's table cannot measure (a math "∗" outside WinAnsi), which had
    // left its whole paragraph unmeasured and a reference card's row wrapped. Text in another script
    // (Cyrillic, Chinese) leaves the paragraph as it is: its substitute may well be narrower than the PDF.
    if (w === null && r.size > 0 && (!measuredFamily(family) || r.str.trim().length <= 2)) w = (r.w * size) / r.size;
    if (w === null) return null;
    widths.set(r, w);
  }
  return widths;
}

/** Each line's `lineWidths`, measured once for a paragraph's fitSpacing and faceSpacing. */
export type ParaWidths = (Map<TextRun, number> | null)[];
export const paraWidths = (p: Para): Promise<ParaWidths> => Promise.all(p.lines.map(lineWidths));

/** A run's face, as its spacing is kept: the substitute family, weight, slant and Word's size. */
export const faceKey = (r: TextRun) =>
  [wordFont(r.font, r.generic), !!r.bold, !!r.italic, Math.round(r.size * 2)].join('|');

/** A face's letters on one line before its own fit counts (a typewriter word or two do not). */
const FIT_CHARS = 10;
/** Faces whose fits differ by less than this (ems) share the paragraph's spacing. */
const ALIKE_EM = 0.02;
/** The most a paragraph is condensed, in twips a character (fitSpacing's limit too). */
export const CONDENSE_MAX = 30;

interface Sums {
  pdf: number;
  sub: number;
  chars: number;
  size: number;
}

const add = (m: Map<string, Sums>, key: string, r: TextRun, w: number) => {
  const s = m.get(key) ?? { pdf: 0, sub: 0, chars: 0, size: r.size };
  s.pdf += r.w;
  s.sub += w;
  s.chars += r.str.length;
  m.set(key, s);
};

/**
 * Twips a character for each face of a paragraph of two faces or more whose substitutes fit differently;
 * null where one spacing does (one face, faces alike, a line with tab stops, a run not measured).
 */
export async function faceSpacing(
  p: Para,
  room = Infinity,
  measured?: ParaWidths,
): Promise<Map<string, number> | null> {
  if (p.lines.length < 2 || p.lines.some((l) => l.tabRuns?.size)) return null;
  const runWidths = measured ?? (await paraWidths(p));
  const lines: Map<string, Sums>[] = [];
  const all = new Map<string, Sums>();
  for (const widths of runWidths) {
    if (!widths) return null;
    const byFace = new Map<string, Sums>();
    for (const [r, w] of widths) {
      add(byFace, faceKey(r), r, w);
      add(all, faceKey(r), r, w);
    }
    lines.push(byFace);
  }
  if (all.size < 2) return null;
  // Each face's fit, in points a character: its tightest line where it has words enough there (a justified
  // line is stretched), else all its letters together; no more than a narrower face's spread.
  const fit = new Map<string, number>();
  for (const [key, s] of all) {
    const own = lines.map((l) => l.get(key)).filter((f): f is Sums => !!f && f.chars >= FIT_CHARS);
    const raw = own.length ? Math.min(...own.map((f) => (f.pdf - f.sub) / f.chars)) : (s.pdf - s.sub) / s.chars;
    if (!Number.isFinite(raw)) return null;
    fit.set(key, Math.max(-CONDENSE_MAX / TW, Math.min(raw, SPREAD_MAX * s.size)));
  }
  const ems = [...all].map(([key, s]) => fit.get(key)! / s.size);
  if (Math.max(...ems) - Math.min(...ems) < ALIKE_EM) return null;
  // No line past its PDF width (or the room its last line left): the shortfall, shared by all its letters.
  const measure = Math.min(room, Math.max(...p.lines.map((l) => right(l))));
  let shift = 0;
  p.lines.forEach((line, i) => {
    let over = -(measure - right(line));
    let chars = 0;
    for (const [key, f] of lines[i]) {
      over += f.sub + fit.get(key)! * f.chars - f.pdf;
      chars += f.chars;
    }
    if (chars > 0 && over > 0) shift = Math.max(shift, over / chars);
  });
  const out = new Map<string, number>();
  for (const [key, f] of fit) out.set(key, Math.max(-CONDENSE_MAX, Math.floor((f - shift) * TW)));
  return out;
}
