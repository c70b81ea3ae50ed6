// Paragraphs of a block: which consecutive lines belong together (spacing, size, bullets, indents, code set
// in a typewriter face), and each paragraph's alignment, indents and line spacing as the PDF set them.
import type { Box } from '../pdfjs/protocol';
import type { Line } from './layout';
import { bottom, median, right } from './box';
import { mostlyRtl } from './rtl';
import { bulletTextX, isBullet } from './web-lists';
import { hasLeader } from './leader';
import { typewriter } from './stacked';

export interface Para {
  lines: Line[];
  align: 'left' | 'center' | 'right' | 'justify';
  left: number;
  firstLine: number;
  /** Right indent (points from the region's right edge): a ragged paragraph set narrower than its area. */
  right?: number;
  top: number;
  bottom: number;
  lineGap: number;
  /** A line of pieces whose last piece ends at the area's right edge (a running head's page number or
   * title): that piece is set against a right tab stop, so a substitute face a little wider cannot wrap it. */
  flushEnd?: boolean;
}

// A bullet glyph may be a text item of its own (a word processor's list: "◦" then the item's words; Word's
// symbol-font bullets, ♦ ❖ ➢; a form's check boxes).
const BULLET = /^(?:[•◦▪■●○♦◆❖➢❑☐](?:\s|$)|(?:[\-–—*]|\(?\d{1,3}[.)]|[a-z][.)])\s)/;
// A list's number as a text item of its own ("1." then the item's words, htmldoc's ordered lists): an item
// when it is 1 or follows its group's number, not a line that starts with "12." in a sentence.
const NUMBER = /^\(?(\d{1,3})[.)]$/;

// A footnote's mark set against its first word ("*Clita...", "†Sadipscing...": groff's footnotes, two to a
// column, ran into one paragraph).
const FOOTNOTE = /^[*†‡§¶](?=[\p{L}\p{N}])/u;

/** Whether a line starts with a list's bullet or marker (a glyph of the PDF's, or one drawn, web-lists.ts), or
 * a footnote's mark. */
const startsItem = (l: Line) => {
  const first = l.runs[0].str.trimStart();
  return BULLET.test(first) || FOOTNOTE.test(first) || isBullet(l.runs[0]);
};

/** Splits a block's consecutive lines into paragraphs and measures their alignment and indents. */
export function paragraphs(lines: Line[], region: Box): Para[] {
  const groups: Line[][] = [];
  for (const l of lines) {
    const g = groups[groups.length - 1];
    const prev = g?.[g.length - 1];
    let join = !!prev;
    if (prev) {
      const gap = l.baseline - prev.baseline;
      const expected = g.length > 1 ? g[1].baseline - g[0].baseline : prev.size * 1.25;
      if (gap > Math.max(expected * 1.3, prev.size * 1.6) || gap <= 0) join = false;
      if (Math.abs(l.size - prev.size) > 1) join = false;
      if (right(prev) < right(region) - Math.max(0.25 * region.w, 3 * prev.size)) join = false;
      // a right-to-left paragraph's last line ends short on the left; its lines share their right edge
      const rtl = mostlyRtl([prev, l]);
      if (rtl && prev.x > region.x + Math.max(0.25 * region.w, 3 * prev.size)) join = false;
      if (startsItem(l)) join = false;
      if (nextNumber(g[0], l)) join = false;
      if (g.length > 1 && Math.abs(rtl ? right(l) - right(g[1]) : l.x - g[1].x) > prev.size) join = false;
      if (l.tabRuns || prev.tabRuns) join = false;
      // a contents line ends with its page number
      if (hasLeader(prev)) join = false;
      // code set in a typewriter face after a line of prose (or prose after code) starts a paragraph
      if (typewriter(l) !== typewriter(prev)) join = false;
      // a heading's line, bold in a face of its own, ends where the text under it starts in another face
      // (Abyssinica's type sample: "C1 Controls and Latin-1 Supplement", then a line of its characters)
      if (boldHeading(prev, l)) join = false;
      if (indentedAfterRoom(prev, l, region) || centredBreak(prev, l, region) || sentenceAfterRoom(g, l, region))
        join = false;
    }
    if (join) g.push(l);
    else groups.push([l]);
  }
  return pitchOfOneLiners(sharedLeft(groups.map((ls) => measure(ls, region))));
}

/**
 * A line that happens to sit mid-area reads as centred on its own; when the paragraph beside it starts at
 * the same x but has another centre, both are set left (htmldoc's numbered items, two of four centred).
 */
function sharedLeft(paras: Para[]): Para[] {
  const centre = (l: Line) => l.x + l.w / 2;
  paras.forEach((p, i) => {
    if (p.align !== 'center' || p.lines.length !== 1) return;
    const line = p.lines[0];
    const beside = [paras[i - 1]?.lines.at(-1), paras[i + 1]?.lines[0]];
    if (beside.some((b) => b && Math.abs(b.x - line.x) < 1 && Math.abs(centre(b) - centre(line)) > 4)) {
      p.align = 'left';
      p.left = line.x;
      p.firstLine = 0;
    }
  });
  return paras;
}

function nextNumber(first: Line, l: Line): boolean {
  const n = NUMBER.exec(l.runs[0].str.trim());
  if (!n || l.runs.length < 2) return false;
  const before = NUMBER.exec(first.runs[0].str.trim());
  return n[1] === '1' || (!!before && Number(before[1]) + 1 === Number(n[1]));
}

/**
 * A line indented an em or more under a line that ended with room for its first word starts a paragraph
 * (TeX's indented paragraphs: a last line 7 em short of the measure was read as wrapped, and the paragraph
 * after it hung from its indent; xfig's guide through dvips). Not code, not a hanging item's next line.
 */
function indentedAfterRoom(prev: Line, l: Line, region: Box): boolean {
  if (l.x < prev.x + 0.8 * prev.size || typewriter(prev)) return false;
  // a hanging item's next line starts under its text, after its label ("2.", "enabled", a bullet; a slide's
  // "– Achieving" as one text item)
  if (prev.runs.slice(1).some((r) => Math.abs(r.x - l.x) < 1.5)) return false;
  if (startsItem(prev)) return false;
  // the measure: as far as the next line reaches (a region can reach past the text: a page number, a table)
  return roomForWord(right(prev), prev, l, Math.min(right(region), Math.max(right(prev), right(l))));
}

/**
 * A line after a sentence's end that left room for its first word starts a paragraph, indented or not: the
 * break was the author's (PARI's reference card: "...preserved on all copies." then "Send comments and
 * corrections to", run into one paragraph, Word filled the room and the address went over the page's foot).
 */
function sentenceAfterRoom(g: Line[], l: Line, region: Box): boolean {
  const prev = g[g.length - 1];
  if (typewriter(prev) || !/[.!?:]$/.test(prev.runs[prev.runs.length - 1].str.trimEnd())) return false;
  return roomForWord(right(prev), prev, l, Math.min(right(region), Math.max(right(l), ...g.map((x) => right(x)))));
}

/** Whether a line that ends at `end` had room before `measure` for a space and the next line's first word
 * (half an em to spare): a wrapped line would have taken it, so the break was the author's. */
function roomForWord(end: number, prev: Line, l: Line, measure: number): boolean {
  return end + 0.3 * prev.size + firstWordWidth(l) < measure - 0.5 * prev.size;
}

/** The first word of a line's first run and its share of the run's width. */
function firstWordWidth(l: Line): number {
  const r = l.runs[0];
  const word = /^\s*\S+/.exec(r.str)?.[0].trim() ?? '';
  return (word.length / Math.max(1, r.str.length)) * r.w;
}

/**
 * Two centred lines on one centre, the first shorter than the second by more than the second's first word:
 * the break was the author's (a title over its subtitle, groff's "Chapter 1" over its name), since a wrapped
 * line would have taken that word. Joined, the title took the subtitle's first word in LibreOffice.
 */
function centredBreak(prev: Line, l: Line, region: Box): boolean {
  const centre = (x: Line) => x.x + x.w / 2;
  if (Math.abs(centre(prev) - centre(l)) > 0.5 * prev.size) return false;
  // Centred on the area's own centre, well in from its side, the area is the measure: a first line with room
  // there for the next one's first word was broken by its author too, whichever is longer (PARI's card:
  // "Based on an earlier version by Joseph H. Silverman" over "November 2022 v2.38"; Word took "November" up).
  // (not flush on both sides: a justified paragraph indented from both sides, a quotation, is centred too)
  const onArea =
    Math.abs(centre(prev) - (region.x + region.w / 2)) < 0.5 * prev.size &&
    prev.x > region.x + 2 * prev.size &&
    Math.abs(prev.x - l.x) >= 1 &&
    Math.abs(right(prev) - right(l)) >= 1;
  if (Math.abs(prev.x - l.x) < prev.size && !onArea) return false;
  return roomForWord(prev.w, prev, l, onArea ? region.w : l.w);
}

function boldHeading(prev: Line, l: Line): boolean {
  const text = (x: Line) => x.runs.filter((r) => r.str.trim());
  const [a, b] = [text(prev), text(l)];
  if (!a.length || !b.length || !a.every((r) => r.bold) || b[0].bold) return false;
  return family(a[0].font) !== family(b[0].font);
}

/** A PDF font's family: no subset tag, style or foundry suffix ("ABCDEF+Arial-BoldMT" → "Arial"). Not the
 * Word face: an unknown face maps to its generic one, as Arial (Abyssinica SIL's characters) may be. */
const family = (name: string) =>
  name
    .replace(/^[A-Z]{6}\+/, '')
    .replace(/[-,].*$/, '')
    .replace(/MT$/, '');

/**
 * A paragraph of one line has no pitch of its own: it got 1.2 em, and a run of them set closer (a browser's
 * list items or news lines at its "normal" line height, 1.125 em) each came out lower than the one before
 * until the page ran over (libxslt's home page: 2 lines a page, 12 Word pages for 10). It takes the pitch
 * to its neighbour of the same size when that is between 0.9 and 1.2 em; a contents line, to the next line.
 */
function pitchOfOneLiners(paras: Para[]): Para[] {
  paras.forEach((p, i) => {
    if (p.lines.length !== 1) return;
    const line = p.lines[0];
    const pitch = (a: Line, b: Line) =>
      Math.abs(a.size - b.size) <= 0.5 && !a.tabRuns && !b.tabRuns ? b.baseline - a.baseline : Infinity;
    const next = paras[i + 1]?.lines[0];
    const prev = paras[i - 1]?.lines[paras[i - 1].lines.length - 1];
    // A contents line (leader.ts) takes the pitch to the next line whatever it is (its tab stops, an entry
    // of another size), or a column of entries comes out taller than in the PDF, line after line.
    const gap = next ? next.baseline - line.baseline : 0;
    if (hasLeader(line) && gap > 0 && gap < p.lineGap) p.lineGap = gap;
    const d = Math.min(next ? pitch(line, next) : Infinity, prev ? pitch(prev, line) : Infinity);
    if (d >= 0.9 * line.size && d < p.lineGap) p.lineGap = d;
  });
  return paras;
}

function measure(ls: Line[], region: Box): Para {
  const first = ls[0];
  const rest = ls.length > 1 ? ls.slice(1) : ls;
  // an item after a bullet drawn as a shape hangs from its text's x (web-lists.ts)
  const textX = bulletTextX(first);
  const left = Math.min(...(textX === undefined ? rest : ls.slice(1)).map((l) => l.x), textX ?? Infinity);
  const lefts = ls.map((l) => l.x - region.x);
  const rights = ls.map((l) => right(region) - right(l));
  let align: Para['align'] = 'left';
  const centred =
    ls.every((l, i) => Math.abs(lefts[i] - rights[i]) < Math.max(4, 0.04 * region.w)) && lefts[0] > 0.08 * region.w;
  if (centred) align = 'center';
  // (a line of pieces with tabs between them stays left: its left tab stops place them, and in a paragraph
  // set right LibreOffice let a text passing its stop run into the piece after the tab)
  else if (
    ls.every((_, i) => rights[i] < 3) &&
    lefts.some((v) => v > 0.2 * region.w) &&
    !ls.some((l) => l.tabRuns?.size)
  )
    align = 'right';
  else if (ls.length > 2 && ls.slice(0, -1).every((_, i) => rights[i] < 3)) align = 'justify';
  // right to left: the lines but the last flush on both sides, the last flush right; lines filling their
  // area are set from its right, as a right-to-left line starts (a chapter's title, its block no wider than
  // itself, went to the left margin)
  if (align === 'right' && ls.length > 1 && ls.slice(0, -1).every((_, i) => lefts[i] < 3) && mostlyRtl(ls))
    align = 'justify';
  else if (align === 'left' && ls.every((_, i) => rights[i] < 3) && mostlyRtl(ls)) align = 'right';
  const gaps = ls.slice(1).map((l, i) => l.baseline - ls[i].baseline);
  // A paragraph of several lines that all end well before the area's right edge was set to a narrower
  // measure: in the full width Word would put more words on each line (fewer lines, the page moves up).
  // An em of slack stays, for a substitute font a little wider than the PDF's.
  const slack = Math.min(...rights);
  const narrower = ls.length > 1 && align === 'left' && slack > 3 * first.size ? slack - first.size : undefined;
  // so was a centred one whose lines all leave room on both sides (groff's slides: a paragraph centred at two
  // thirds of the width came out in the full width, a line shorter): as much in from each side
  const room = region.w - Math.max(...ls.map((l) => l.w));
  const inset = ls.length > 1 && align === 'center' && room > 3 * first.size ? (room - first.size) / 2 : 0;
  const end = first.runs[first.runs.length - 1];
  const flushEnd = ls.length === 1 && !!first.tabRuns?.has(end) && Math.abs(right(first) - right(region)) < 1.5;
  return {
    flushEnd: flushEnd || undefined,
    lines: ls,
    align,
    right: narrower ?? (inset || undefined),
    left: align === 'center' || align === 'right' ? region.x + inset : left,
    firstLine: align === 'center' || align === 'right' ? 0 : first.x - left,
    top: Math.min(...ls.map((l) => l.y)),
    bottom: Math.max(...ls.map((l) => bottom(l))),
    lineGap: gaps.length ? median(gaps) : first.size * 1.2,
  };
}
