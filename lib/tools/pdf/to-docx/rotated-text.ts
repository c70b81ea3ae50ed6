// Text printed a quarter turn on a page that stays as it is (issue 19, eighth pass): landscape slides printed
// on portrait paper, a sideways table or caption, an axis label. Read as printed, its lines were upright
// lines laid on top of each other in the flow and words were lost. Here its runs are taken into the text's
// own frame (turned so the text runs left to right), laid out as lines and paragraphs there, and each
// block becomes a text box turned back: a DrawingML shape at the block's place on the page, its text
// running up it (bodyPr vert="vert270") or down it (vert="vert"): Word's own markup for turned text in a
// text box; LibreOffice 7.4's DOCX import shows both (checked word by word in rotated-text.test.ts).
// The page itself is not turned (turning the Word page, p2w11, lowered the similarity to the page shown).
import {
  HorizontalPositionRelativeFrom,
  LineRuleType,
  Paragraph,
  TextWrappingType,
  VerticalPositionRelativeFrom,
} from 'docx';
import { ShapeRun } from 'docx/shapes';
import type { Box, PageData, TextRun } from '../pdfjs/protocol';
import { bottom, median, right } from './box';
import { buildLines, mergeBands, readingOrder, type Block, type Line } from './layout';
import { paragraphs, type Para } from './line-paragraphs';
import { paragraph, place, pointParagraph } from './paragraph';
import { EMU, PX, TW } from './units';

type Turn = 90 | 270;

/** A run's place in the frame of text turned `turn` (x along the text, y down its lines, from that frame's
 * top-left corner): text running up the page (90) reads left to right with the page turned a quarter
 * clockwise, text running down it (270) with the page turned counter-clockwise. */
function intoFrame(r: TextRun, turn: Turn, page: PageData): TextRun {
  const { turn: _, ...plain } = r;
  const at = turn === 90 ? { x: page.height - r.y, y: r.x } : { x: r.y, y: page.width - r.x };
  return { ...plain, ...at, rotated: false };
}

/** A box of the turned frame, back on the page as shown. */
function ontoPage(b: Box, turn: Turn, page: PageData): Box {
  return turn === 90
    ? { x: b.y, y: page.height - b.x - b.w, w: b.h, h: b.w }
    : { x: page.width - b.y - b.h, y: b.x, w: b.h, h: b.w };
}

/** The page without its quarter-turned text, and that text as turned text boxes (floating shapes, one
 * paragraph 1 pt high holding them). A page without such text comes back as it is, with no boxes. */
export async function turnedText(page: PageData): Promise<{ page: PageData; boxes: Paragraph[] }> {
  const turned = page.runs.filter((r) => r.turn && !r.invisible && r.str.trim());
  if (!turned.length) return { page, boxes: [] };
  const shapes: ShapeRun[] = [];
  for (const turn of [90, 270] as const) {
    const runs = turned.filter((r) => r.turn === turn).map((r) => intoFrame(r, turn, page));
    if (!runs.length) continue;
    const lines = buildLines(runs);
    const bodySize = median(lines.map((l) => l.size));
    const items = lines.map((line) => ({ kind: 'line' as const, box: line as Box, line }));
    for (const group of stacks(readingOrder(items, bodySize), bodySize))
      shapes.push(...(await textBoxes(group, turn, page)));
  }
  const out = new Set(turned);
  const rest = { ...page, runs: page.runs.filter((r) => !out.has(r)) };
  return { page: rest, boxes: [pointParagraph(shapes)] };
}

/** Blocks of one column, one under the other (a slide's title and its bullets, apart by a gap), share a
 * text box; a block beside the others or far below them (a caption, a page label) has its own. */
function stacks(blocks: Block[], bodySize: number): Block[][] {
  const out: { box: Box; blocks: Block[] }[] = [];
  for (const b of blocks) {
    const last = out[out.length - 1];
    const r = b.region;
    const across = last && Math.min(right(last.box), right(r)) - Math.max(last.box.x, r.x) > 0;
    if (last && across && r.y >= bottom(last.box) - 1 && r.y - bottom(last.box) < 3 * bodySize) {
      last.blocks.push(b);
      const x = Math.min(last.box.x, r.x);
      last.box = { x, y: last.box.y, w: Math.max(right(last.box), right(r)) - x, h: bottom(r) - last.box.y };
    } else out.push({ box: { ...r }, blocks: [b] });
  }
  return out.map((s) => s.blocks);
}

/** Turned blocks in one text box as long as they are (a little more, for a substitute face) and as deep as
 * their lines, placed where they were: each block's paragraphs aligned within the block, as in the flow.
 * A row of pieces set apart on one baseline (a table's row) is one line with tab stops in the flow; in
 * turned text LibreOffice (7.4) sets a tab as nothing ("NameValueUnit"), so each piece gets a box of its own. */
async function textBoxes(blocks: Block[], turn: Turn, page: PageData): Promise<ShapeRun[]> {
  const paras = blocks.flatMap((b) =>
    paragraphs(mergeBands(b.items.flatMap((it) => (it.kind === 'line' ? [it.line] : []))), b.region),
  );
  const flowing = paras.filter((p) => !p.lines[0].tabRuns);
  const out: ShapeRun[] = [];
  if (flowing.length) {
    const left = Math.min(...blocks.map((b) => b.region.x));
    const end = Math.max(...blocks.map((b) => right(b.region)));
    out.push(await textBox(flowing, left, end, turn, page, blocks[0].region.y));
  }
  for (const p of paras.filter((q) => q.lines[0].tabRuns))
    for (const piece of pieces(p.lines[0])) {
      const one: Para = { ...p, lines: [piece], align: 'left', left: piece.x, firstLine: 0, right: undefined };
      out.push(await textBox([one], piece.x, right(piece), turn, page));
    }
  return out;
}

/** A tabbed line's pieces, each a line of its own. */
function pieces(line: Line): Line[] {
  const out: Line[] = [];
  for (const r of [...line.runs].sort((a, b) => a.x - b.x)) {
    const last = out[out.length - 1];
    if (!last || line.tabRuns?.has(r)) out.push({ ...line, runs: [r], x: r.x, w: r.w, tabRuns: undefined });
    else {
      last.runs.push(r);
      last.w = Math.max(right(last), r.x + r.w) - last.x;
    }
  }
  return out;
}

async function textBox(
  paras: Para[],
  left: number,
  end: number,
  turn: Turn,
  page: PageData,
  regionTop = Infinity,
): Promise<ShapeRun> {
  // the box starts where its first line's exact-height line box starts, above the region when need be
  const top = Math.min(regionTop, ...paras.map((p) => place(p, 0).before));
  let cursor = top;
  const children: Paragraph[] = [];
  for (const p of paras) {
    const at = place(p, cursor);
    // The room between paragraphs is an empty paragraph of that height, not space before: LibreOffice (7.4)
    // lays out text running up (vert270) with the second paragraph's space before taken from the first's.
    if (at.before >= 0.5)
      children.push(
        new Paragraph({
          children: [],
          spacing: { before: 0, after: 0, line: Math.round(at.before * TW), lineRule: LineRuleType.EXACT },
        }),
      );
    children.push(await paragraph(p, [], left, at.before >= 0.5 ? 0 : at.before));
    cursor = at.after;
  }
  const size = median(paras.flatMap((p) => p.lines.map((l) => l.size)));
  const frame = { x: left, y: top, w: (end - left) * 1.04 + 4, h: cursor - top + size };
  const box = ontoPage(frame, turn, page);
  return new ShapeRun({
    type: 'rectangle',
    transformation: { width: Math.max(1, Math.round(box.w * PX)), height: Math.max(1, Math.round(box.h * PX)) },
    line: 'none',
    children,
    textOptions: {
      direction: turn === 90 ? 'bottomToTop' : 'topToBottom',
      verticalAlignment: 'top',
      margins: { top: 0, right: 0, bottom: 0, left: 0 },
    },
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(box.x * EMU) },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: Math.round(box.y * EMU) },
      allowOverlap: true,
      wrap: { type: TextWrappingType.NONE },
      layoutInCell: false, // at its place on the page, as pictureBehindText
    },
  });
}
