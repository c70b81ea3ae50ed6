// Paragraphs for PDF to Word: the runs of a paragraph (fonts, sizes, styles, colours, super/subscript,
// links, tabs), its alignment, indents and line spacing, and where its first baseline lands.
import {
  AlignmentType,
  BorderStyle,
  ColumnBreak,
  ExternalHyperlink,
  FrameAnchorType,
  FrameWrap,
  LineRuleType,
  type IParagraphOptions,
  Paragraph,
  type ParagraphChild,
  Tab,
  TabStopType,
  TextRun as DocxRun,
} from 'docx';
import type { PageLink, TextRun } from '../pdfjs/protocol';
import type { Line } from './layout';
import { right } from './box';
import type { Para } from './line-paragraphs';
import { hasLeader, leaderStop, withLeaderTab } from './leader';
import { mostlyRtl, readingOrder, RTL_LETTER } from './rtl';
import { TW } from './units';
import { cjkMeet } from './cjk';
import { wordFont } from './word-fonts';
import { isBullet } from './web-lists';
import { CONDENSE_MAX, faceKey, faceSpacing, paraWidths, SPREAD_MAX, type ParaWidths } from './face-spacing';

// Chinese and Japanese set no space between words, nor where a line breaks (cjk.ts): a gap where such text
// meets other text is a space only from 0.2 em (xeCJK's glue for one is a third of an em; pdftotext reads the
// same), and a line end none. A space at every line end ("（通 常の") widened AMC's Japanese guide.

// A hyphen at a line's end that is the text's own, not a hyphenation: one left hanging before "and"
// ("center-, decimal- and right-aligned") and a compound's (TeX breaks a word with a hyphen in it only there:
// "full-page-" then "width"). Taken for hyphenations, they made "decimaland" and "full-pagewidth".
// (not a word's last syllable: TeX leaves three letters at least after a break, so "or", "et" or "y" never
// are one, but groff's "oper-" then "and" is "operand")
const SUSPENDED = /^(and|or|nor|und|oder|bzw|sowie|et|ou|y|o|e|и)(?![\p{L}\p{M}])/u;
const suspended = (before: string, after: string) =>
  SUSPENDED.test(after) && !(/^and/.test(after) && /(oper|integr|multiplic|summ|analys)-$/i.test(before));
const compound = (text: string) => /\p{L}-\p{L}[\p{L}\p{M}]*-$/u.test(text);

function runText(line: Line, rtl = false): { run: TextRun; text: string; tab?: boolean }[] {
  const out: { run: TextRun; text: string; tab?: boolean }[] = [];
  let prev: TextRun | undefined;
  let base: TextRun | undefined; // the last run on the line's own baseline
  const next = (r: TextRun) => {
    prev = r;
    if (!r.script) base = r;
  };
  for (const r of line.runs) {
    // A minus sign typed as a hyphen ("-21.45") is no place to break a line: a word joiner keeps it on.
    let text = r.str.replace(/(^|[\s(=])-(?=\d)/g, '$1-\u2060');
    // (no tab in a right-to-left line: its stops would be measured from the wrong side; a space instead)
    // (the words after a bullet drawn as a shape start at the item's hanging indent: a tab, as Word sets a list)
    if (!rtl && (line.tabRuns?.has(r) || isBullet(prev))) {
      out.push({ run: r, text: text.trimStart(), tab: true });
      next(r);
      continue;
    }
    if (prev) {
      // (a right-to-left line's runs come right to left, a Latin stretch in it left to right)
      const gap = rtl ? Math.max(prev.x - (r.x + r.w), r.x - (prev.x + prev.w)) : r.x - (prev.x + prev.w);
      // a formula piece from another baseline (joined by attachStacked) is a word of its own; back on the
      // baseline after a raised letter or mark is not (LaTeX's logo: "L", a small raised "A", "TeX" read
      // "LA TeX"; "manual¹)")
      const from = prev.script && prev.str.trim().length <= 2 ? (base ?? prev).y : prev.y;
      const stacked = !r.script && Math.abs(r.y - from) > 0.3 * Math.min(r.size, prev.size);
      const wide = gap > (cjkMeet(prev.str, text) ? 0.2 : 0.07) * Math.min(r.size, prev.size);
      if ((wide || stacked) && !/\s$/.test(prev.str) && !/^\s/.test(text)) {
        // a space before a word in a typewriter face goes in the prose before it: Courier's is 2.4 times
        // as wide as Times's, and two on a line pushed its last word onto the next (xfig's manual)
        const last = out[out.length - 1];
        if (r.generic === 'monospace' && prev.generic !== 'monospace' && last.run === prev) last.text += ' ';
        else text = ` ${text}`;
      }
    }
    out.push({ run: r, text });
    next(r);
  }
  return out;
}

function styleKey(r: TextRun): string {
  const style = [wordFont(r.font, r.generic), Math.round(r.size * 2), r.bold, r.italic, r.color, r.script ?? ''];
  return [...style, !!r.underline, !!r.strike, r.boxed ? `${r.boxed.color}${r.boxed.width}` : ''].join('|');
}

function linkFor(r: TextRun, links: PageLink[]): string | undefined {
  const cx = r.x + r.w / 2;
  const cy = r.y - r.size * 0.3;
  return links.find((l) => cx >= l.x - 1 && cx <= l.x + l.w + 1 && cy >= l.y - 1 && cy <= l.y + l.h + 1)?.url;
}

/** Characters XML 1.0 forbids (PDF fonts may map glyphs to control codes): Word would refuse the file. */
export function xmlSafe(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '',
  );
}

/**
 * A paragraph mostly in a right-to-left script. pdf.js gives each text item in logical order but the items
 * of a line left to right as they stand on the page; Word lays a right-to-left paragraph out from its
 * logical order, so such a paragraph is marked `bidi` and its line's pieces are given right to left.
 */
export function rightToLeft(p: Para): boolean {
  return mostlyRtl(p.lines);
}

function makeRun(r: TextRun, text: string, tab = false, spacing = 0, rtl = false): DocxRun {
  const clean = xmlSafe(text);
  return new DocxRun({
    // a run in a right-to-left script, in a right-to-left paragraph: laid out (and shaped) right to left
    rightToLeft: (rtl && clean.search(RTL_LETTER) >= 0) || undefined,
    characterSpacing: spacing || undefined,
    superScript: r.script === 'super' || undefined,
    subScript: r.script === 'sub' || undefined,
    children: tab ? [new Tab(), clean] : [clean],
    font: wordFont(r.font, r.generic),
    // Word shrinks super/subscript itself (to about two thirds): give it the size of the text around.
    size: Math.max(2, Math.round((r.script ? r.size / 0.65 : r.size) * 2)),
    bold: r.bold || undefined,
    italics: r.italic || undefined,
    underline: r.underline ? {} : undefined,
    strike: r.strike || undefined,
    // a box drawn round the run alone (boxed-runs.ts): its border, in eighths of a point, as thin as Word allows
    border: r.boxed
      ? {
          style: BorderStyle.SINGLE,
          size: Math.max(2, Math.round(r.boxed.width * 8)),
          color: r.boxed.color.slice(1),
          space: 1,
        }
      : undefined,
    color: r.color && r.color !== '#000000' ? r.color.slice(1) : undefined,
  });
}

/**
 * Character spacing (twips) that makes the paragraph as wide in its substitute font as it was in the PDF, so
 * Word breaks it into the same lines: condensed where the substitute is wider; spaced where it is narrower
 * (TeX's Computer Modern is a tenth wider than Times New Roman: its paragraphs came out a line in ten
 * shorter, each page's text ending higher). Spacing takes the tightest line's room, as a justified PDF line
 * is stretched (or shrunk) and Word's justification only stretches: no line grows past its PDF width.
 */
export async function fitSpacing(p: Para, minChars = 10, room = Infinity, measured?: ParaWidths): Promise<number> {
  // The line that would overflow the most decides: one such line is enough to add a line to the page. A
  // line ending short of the paragraph's measure (its last line) has that much room to grow first: gri's
  // "set y type log." in Courier for cmtt set its whole paragraph 1.25 pt a letter tighter. A line the PDF
  // ran past its table cell's side (a package name into the next column) is fitted to the cell, or Word
  // wraps it and the row grows.
  let worst = 0; // points per character to take away
  let spare = Infinity; // points per character the tightest line has to spare
  const measure = Math.min(room, Math.max(...p.lines.map((l) => right(l))));
  const runWidths = measured ?? (await paraWidths(p));
  for (const [i, line] of p.lines.entries()) {
    const widths = runWidths[i];
    if (!widths) return 0;
    let pdfW = 0;
    let subW = 0;
    let chars = 0;
    for (const [r, w] of widths) {
      pdfW += r.w;
      subW += w;
      chars += r.str.length;
    }
    const slack = measure - right(line);
    if (chars > minChars && subW > pdfW + slack) worst = Math.max(worst, (subW - pdfW - slack) / chars);
    worst = Math.max(worst, tabPieceExcess(line, widths, measure));
    if (chars > minChars) spare = Math.min(spare, (pdfW - subW) / chars, SPREAD_MAX * line.size);
  }
  if (worst > 0) return -Math.min(CONDENSE_MAX, Math.ceil(worst * TW));
  // (a line of a paragraph, not a lone line: a heading or a line with a gap the PDF left in it is not spread;
  // tab stops hold their pieces where they are)
  if (p.lines.length < 2 || !Number.isFinite(spare) || p.lines.some((l) => l.tabRuns?.size)) return 0;
  const add = Math.floor(spare * TW);
  return add >= 2 ? add : 0;
}

/**
 * Points per character a line's pieces after its tab stops must lose to fit before the next stop (or the
 * measure): a tab stop holds each piece at its place, so a piece in a wider face cannot borrow the room a
 * narrower one before it leaves (PARI's reference card: "print, print1, printtex" in Courier New, wider
 * than TeX's typewriter face, wrapped its last word though its row's words in Times were shorter).
 */
function tabPieceExcess(line: Line, widths: Map<TextRun, number>, measure: number): number {
  if (!line.tabRuns?.size) return 0;
  const starts = line.runs.map((r, i) => (i > 0 && line.tabRuns!.has(r) ? i : -1)).filter((i) => i > 0);
  let worst = 0;
  starts.forEach((from, k) => {
    const to = starts[k + 1] ?? line.runs.length;
    const piece = line.runs.slice(from, to);
    const end = to < line.runs.length ? line.runs[to].x - 0.25 * line.size : measure;
    // its runs' substitute widths and the PDF's spaces between them
    const width = piece.reduce(
      (w, r, i) => w + (widths.get(r) ?? r.w) + (i > 0 ? r.x - piece[i - 1].x - piece[i - 1].w : 0),
      0,
    );
    const chars = piece.reduce((n, r) => n + r.str.length, 0);
    if (chars > 3 && width > end - piece[0].x) worst = Math.max(worst, (width - (end - piece[0].x)) / chars);
  });
  return worst;
}

/** The paragraph's runs, joined across lines, merged by style, wrapped in hyperlinks where linked. */
export function paraChildren(
  p: Para,
  links: PageLink[],
  /** Twips a character for a run (face-spacing.ts). */
  spacing: (r: TextRun) => number = () => 0,
  rtl = false,
  /** The paragraph has a right tab stop with a dot leader for its last line's page number (leader.ts). */
  leader = false,
): (DocxRun | ExternalHyperlink)[] {
  let pieces: { run: TextRun; text: string; url?: string; tab?: boolean }[] = [];
  p.lines.forEach((line, i) => {
    const parts = rtl ? runText({ ...line, runs: readingOrder(line.runs) }, true) : runText(line);
    if (i > 0 && parts.length) {
      const last = pieces[pieces.length - 1];
      // A word hyphenated at the line end continues on the next line: the hyphen becomes a soft hyphen
      // (shown by Word only where it breaks the line). Otherwise lines are separated by a space.
      const broken = last && /\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(parts[0].text);
      if (broken && suspended(last.text, parts[0].text)) parts[0].text = ` ${parts[0].text}`;
      else if (broken && !compound(last.text)) last.text = `${last.text.slice(0, -1)}\u00ad`;
      else if (last && cjkMeet(last.text, parts[0].text.trimStart())) parts[0].text = parts[0].text.trimStart();
      else if (last && !/[-\u00ad]$/.test(last.text) && !/\s$/.test(last.text))
        parts[0].text = ` ${parts[0].text.trimStart()}`;
    }
    for (const part of parts) pieces.push({ ...part, url: linkFor(part.run, links) });
  });
  if (leader) pieces = withLeaderTab(pieces) ?? pieces;
  const merged: typeof pieces = [];
  for (const pc of pieces) {
    const prev = merged[merged.length - 1];
    if (prev && !pc.tab && styleKey(prev.run) === styleKey(pc.run) && prev.url === pc.url) prev.text += pc.text;
    else merged.push({ ...pc });
  }
  const out: (DocxRun | ExternalHyperlink)[] = [];
  for (const m of merged) {
    // a boxed run's border goes round its letters only: the tab and spaces before or after it are runs of
    // their own (in one run the border ran the tab's width)
    const [, lead, core, trail] = m.run.boxed ? /^(\s*)(.*?)(\s*)$/s.exec(m.text)! : ['', '', m.text, ''];
    const plain = m.run.boxed ? { ...m.run, boxed: undefined } : m.run;
    const runs = [
      ...(m.run.boxed && (m.tab || lead) ? [makeRun(plain, lead, m.tab, spacing(m.run), rtl)] : []),
      makeRun(m.run, core, m.tab && !m.run.boxed, spacing(m.run), rtl),
      ...(trail ? [makeRun(plain, trail, false, spacing(m.run), rtl)] : []),
    ];
    out.push(...(m.url ? [new ExternalHyperlink({ link: xmlSafe(m.url), children: runs })] : runs));
  }
  return out;
}

const ALIGN = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;

/** The exact line height a paragraph gets in Word, in points. */
function lineHeight(p: Para): number {
  return Math.max(p.lineGap, Math.max(...p.lines.map((l) => l.size)));
}

/**
 * Space before a paragraph so its first baseline lands where it was in the PDF (Word puts the baseline
 * about 80 % down an exact-height line), and where the flow stands after it. Works in Word's terms, so
 * small differences do not add up over a page.
 */
export function place(p: Para, cursor: number): { before: number; after: number; pushed: number } {
  const L = lineHeight(p);
  const top = p.lines[0].baseline - 0.8 * L;
  const start = Math.max(cursor, top);
  return { before: top - cursor, after: start + p.lines.length * L, pushed: Math.max(0, cursor - top) };
}

export async function paragraph(
  p: Para,
  links: PageLink[],
  marginLeft: number,
  before: number,
  columnBreak = false,
  /** Table cells are narrow: their short lines (numbers) are condensed too, or they wrap. */
  minChars = 10,
  /** A framed paragraph is placed on the page absolutely and takes no room in the flow. */
  frame?: IParagraphOptions['frame'],
  /** Where the text must end (a table cell's side, less its margin). */
  room = Infinity,
): Promise<Paragraph> {
  const widths = await paraWidths(p);
  const base = await fitSpacing(p, minChars, room, widths);
  const faces = await faceSpacing(p, room, widths);
  const spacing = (r: TextRun) => faces?.get(faceKey(r)) ?? base;
  const left = Math.max(0, Math.round((p.left - marginLeft) * TW));
  const first = Math.round(p.firstLine * TW);
  const line = Math.round(lineHeight(p) * TW);
  const tabRuns = p.lines[0].tabRuns;
  const rtl = rightToLeft(p);
  // Tab stops and indents are measured from the left edge: a right-to-left paragraph starts at its right.
  const last = p.lines[p.lines.length - 1];
  const leader = !rtl && hasLeader(last);
  // (a contents line's number goes to the leader's stop: a stop of its own at its left edge came first, and
  // the tab reached it with no dots)
  const byLeader = (r: TextRun) => leader && (r === last.runs[last.runs.length - 1] || /^[.·\s…]+$/u.test(r.str));
  const stops = [...(tabRuns ?? []), ...(isBullet(p.lines[0].runs[0]) ? p.lines[0].runs.slice(1, 2) : [])].filter(
    (r) => !byLeader(r),
  );
  const tabStops = [
    ...(stops.length && !rtl
      ? stops.map((r) =>
          p.flushEnd && !leader && r === last.runs[last.runs.length - 1]
            ? { type: TabStopType.RIGHT, position: Math.round((r.x + r.w - marginLeft) * TW) }
            : { type: TabStopType.LEFT, position: Math.max(0, Math.round((r.x - marginLeft) * TW)) },
        )
      : []),
    ...(leader ? [leaderStop(last, marginLeft, TW)] : []),
  ];
  const children = paraChildren(p, links, spacing, rtl, leader);
  return new Paragraph({
    children: columnBreak ? [new ColumnBreak(), ...children] : children,
    tabStops: tabStops.length ? tabStops : undefined,
    // (the side of the page the PDF has: docx writes a right-to-left paragraph's left and right as its end and
    // start, which is how Word and LibreOffice read them there; mirrored here too, a chapter's title set right
    // showed on the left)
    alignment: ALIGN[p.align],
    bidirectional: rtl || undefined,
    indent: rtl
      ? { left: 0, firstLine: 0 }
      : {
          ...(first >= 0 ? { left, firstLine: first } : { left: Math.max(left, -first), hanging: -first }),
          right: p.right ? Math.round(p.right * TW) : undefined,
        },
    spacing: { before: Math.max(0, Math.round(before * TW)), after: 0, line, lineRule: LineRuleType.EXACT },
    frame,
  });
}

/**
 * A paragraph frame placed on the page at (x, y), `width` wide (points): it takes no room in the flow and
 * the text around passes under it. Labels over drawings, dense-form bands and OCR text use it. "none" is
 * the wrap that lets text run through a frame (LibreOffice reads it as such; "through" it reads as wrap on
 * the wider side): with "through", a caption the flow brought level with a drawing's label frame was
 * squeezed beside it, and a TeXmacs page ran onto two.
 */
export function pageFrame(x: number, y: number, width: number): NonNullable<IParagraphOptions['frame']> {
  return {
    type: 'absolute',
    position: { x: Math.round(x * TW), y: Math.round(y * TW) },
    width: Math.round(width * TW),
    anchor: { horizontal: FrameAnchorType.PAGE, vertical: FrameAnchorType.PAGE },
    wrap: FrameWrap.NONE,
  };
}

/** A paragraph 1 pt high: it holds floating pictures, shapes or a column break without taking room in the
 * flow; empty, it is the paragraph Word needs after a table or at a section's end. */
export function pointParagraph(children: ParagraphChild[] = []): Paragraph {
  return new Paragraph({ children, spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } });
}
