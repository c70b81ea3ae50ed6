// Page layout analysis for PDF to Word: text runs → lines → reading order (recursive XY-cut over lines,
// images and tables, so columns are read one after the other) → paragraphs with alignment and indents.
import type { Box, PageData, TextRun } from '../pdfjs/protocol';
import { findTables, splitAcrossColumns, type Table } from './tables';
import { attachStacked } from './stacked';
import { absorb, bottom, dropEmpty, median, overlapsY, right, runBox } from './box';
import { footPictures } from './foot-pictures';
import { shadedCellSides } from './shaded-cells';
import { underTable } from './table-over-picture';
import { footerLines, marginNumbers } from './footer-lines';
import { inlinePicture } from './inline-picture';
import { inSentence, pageWindow, squaredPaper } from './inline-grids';
import { joinLeaderNumbers } from './leader';
import { splitAtGutters } from './narrow-gutters';

export interface Line extends Box {
  runs: TextRun[];
  baseline: number;
  size: number;
  /** Set on a row of separate pieces on one baseline (form rows): a tab before each of these runs. */
  tabRuns?: Set<TextRun>;
}

export { mergeBands } from './line-bands';

export type Item =
  | { kind: 'line'; box: Box; line: Line }
  | { kind: 'image'; box: Box; index: number }
  | { kind: 'table'; box: Box; table: Table };

export interface Block {
  /** The region (column) this run of items was read from. */
  region: Box;
  items: Item[];
}

/** A run (or a short line) this much smaller than a line and raised or lowered this much against its baseline
 * is that line's footnote mark or exponent: its script; undefined otherwise. */
function scriptAgainst(size: number, baseline: number, line: { size: number; baseline: number }) {
  const shift = line.baseline - baseline;
  if (size < 0.85 * line.size && Math.abs(shift) > 0.1 * line.size && Math.abs(shift) < 0.75 * line.size)
    return shift > 0 ? ('super' as const) : ('sub' as const);
  return undefined;
}

/** Groups runs into lines: same baseline band, horizontally close (a wide gap starts another line). */
export function buildLines(runs: TextRun[]): Line[] {
  const sorted = runs.filter((r) => r.str.trim()).sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: Line[] = [];
  const open: Line[] = [];
  for (const r of sorted) {
    const rb = runBox(r);
    let target: Line | undefined;
    for (let i = open.length - 1; i >= 0; i--) {
      const l = open[i];
      if (r.y - l.baseline > l.size * 1.5) {
        open.splice(i, 1);
        continue;
      }
      const overlap = Math.min(bottom(l), bottom(rb)) - Math.max(l.y, rb.y);
      const gap = r.x - right(l);
      if (overlap > 0.5 * Math.min(l.h, rb.h) && gap > -l.size && gap < Math.max(1.5 * Math.max(l.size, r.size), 10)) {
        target = l;
        break;
      }
    }
    if (!target) {
      // A small run raised (or lowered) at the end of a line, or inside it: a footnote mark, an exponent.
      for (let i = open.length - 1; i >= 0 && !target; i--) {
        const l = open[i];
        const gap = r.x - right(l);
        const script = gap > -l.size * 0.5 && gap < l.size ? scriptAgainst(r.size, r.y, l) : undefined;
        if (script) {
          r.script = script;
          target = l;
        }
      }
    }
    if (target) {
      target.runs.push(r);
      const x2 = Math.max(right(target), right(rb));
      const y2 = Math.max(bottom(target), bottom(rb));
      target.x = Math.min(target.x, rb.x);
      target.y = Math.min(target.y, rb.y);
      target.w = x2 - target.x;
      target.h = y2 - target.y;
      if (r.size > target.size) {
        target.size = r.size;
        target.baseline = r.y;
      }
    } else {
      const l: Line = { ...rb, runs: [r], baseline: r.y, size: r.size };
      lines.push(l);
      open.push(l);
    }
  }
  joinSideBySide(lines);
  joinLeaderNumbers(lines);
  // Raised marks read before their line (sorted by baseline) formed lines of their own: attach them.
  const kept: Line[] = [];
  for (const l of lines) {
    const host =
      l.runs.length <= 2 &&
      lines.find(
        (m) =>
          m !== l &&
          scriptAgainst(l.size, l.baseline, m) &&
          l.x >= m.x - 1 &&
          l.x - right(m) < m.size &&
          // a mark lies after its line's end or within it: a line of body text set close under a title
          // starts inside the title and runs far past its end
          (l.x >= right(m) - 1 || right(l) <= right(m) + m.size),
      );
    if (host) {
      for (const r of l.runs) r.script = scriptAgainst(l.size, l.baseline, host);
      host.runs.push(...l.runs);
      const x2 = Math.max(right(host), right(l));
      host.w = x2 - host.x;
    } else kept.push(l);
  }
  for (const l of kept) l.runs.sort((a, b) => a.x - b.x);
  return attachStacked(splitAtGutters(kept));
}

/**
 * A raised footnote mark read before the words that follow it on its line (its baseline is higher) starts
 * a line those words join; the words before it made another: two lines on one baseline, end to end, that
 * Word set as two (freeculture: a line more per footnote mark, a page more). They become one again.
 */
function joinSideBySide(lines: Line[]): void {
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i];
    if (!a.runs.length) continue;
    for (let j = 0; j < lines.length; j++) {
      const b = lines[j];
      if (i === j || !b.runs.length) continue;
      const size = Math.max(a.size, b.size);
      const gap = b.x - right(a);
      if (Math.abs(a.baseline - b.baseline) > 0.1 * size || gap < -0.5 * size || gap > Math.min(1.5 * size, 10))
        continue;
      absorb(a, b);
      if (b.size > a.size) a.size = b.size;
      for (const r of a.runs) {
        const script = r.script ? undefined : scriptAgainst(r.size, r.y, a);
        if (script) r.script = script;
      }
      j = -1; // a grew: look again
    }
  }
  dropEmpty(lines);
}

function gaps(items: Item[], axis: 'x' | 'y', minGap: number): number[] {
  const iv = items
    .map((it) => (axis === 'x' ? [it.box.x, right(it.box)] : [it.box.y, bottom(it.box)]))
    .sort((a, b) => a[0] - b[0]);
  const cuts: number[] = [];
  let end = iv[0][1];
  for (let i = 1; i < iv.length; i++) {
    if (iv[i][0] - end >= minGap) cuts.push((iv[i][0] + end) / 2);
    end = Math.max(end, iv[i][1]);
  }
  return cuts;
}

function split(items: Item[], axis: 'x' | 'y', cuts: number[]): Item[][] {
  const groups: Item[][] = cuts.map(() => []);
  groups.push([]);
  for (const it of items) {
    const c = axis === 'x' ? it.box.x + it.box.w / 2 : it.box.y + it.box.h / 2;
    let g = 0;
    while (g < cuts.length && c > cuts[g]) g++;
    groups[g].push(it);
  }
  return groups.filter((g) => g.length);
}

function bounds(items: Item[]): Box {
  const x = Math.min(...items.map((i) => i.box.x));
  const y = Math.min(...items.map((i) => i.box.y));
  return {
    x,
    y,
    w: Math.max(...items.map((i) => right(i.box))) - x,
    h: Math.max(...items.map((i) => bottom(i.box))) - y,
  };
}

export type CutNode =
  { kind: 'leaf'; region: Box; items: Item[] } | { kind: 'cols' | 'rows'; region: Box; children: CutNode[] };

/** A picture or table at the height of this line, beside it. */
const besidePicture = (line: Item, items: Item[]) =>
  items.some((it) => it.kind !== 'line' && overlapsY(it.box, line.box));

/** Recursive XY-cut: columns (vertical gutters) first, then horizontal gaps; leaves sorted top-down. */
export function cutTree(items: Item[], bodySize: number, depth = 0): CutNode {
  const region = bounds(items);
  if (items.length <= 1 || depth > 40) return { kind: 'leaf', region, items: sortTopDown(items) };
  const xCuts = gaps(items, 'x', Math.max(8, 0.9 * bodySize));
  if (xCuts.length) {
    const groups = split(items, 'x', xCuts);
    // A real column holds several lines; two words side by side on one line are not columns, nor is a
    // lone line (a running head's page number in the margin) beside no picture or table at its height.
    if (groups.length > 1 && groups.every((g) => g.length >= 2 || g[0].kind !== 'line' || besidePicture(g[0], items)))
      return { kind: 'cols', region, children: groups.map((g) => cutTree(g, bodySize, depth + 1)) };
  }
  // A table or picture beside text may sit closer than a column gutter: cut there too.
  if (items.some((it) => it.kind !== 'line')) {
    const near = split(items, 'x', gaps(items, 'x', 1));
    const lone = (g: Item[]) => g.length === 1 && g[0].kind === 'line' && !besidePicture(g[0], items);
    if (near.length > 1 && near.some((g) => g.some((it) => it.kind !== 'line')) && !near.some(lone)) {
      return { kind: 'cols', region, children: near.map((g) => cutTree(g, bodySize, depth + 1)) };
    }
  }
  const yCuts = gaps(items, 'y', 0.5 * bodySize);
  if (yCuts.length) {
    const groups = split(items, 'y', yCuts);
    if (groups.length > 1)
      return { kind: 'rows', region, children: groups.map((g) => cutTree(g, bodySize, depth + 1)) };
  }
  return { kind: 'leaf', region, items: sortTopDown(items) };
}

/** The tree's leaves in reading order, consecutive leaves of one column merged into blocks. */
export function flatten(node: CutNode): Block[] {
  if (node.kind === 'leaf') return node.items.length ? [{ region: node.region, items: node.items }] : [];
  const blocks = node.children.flatMap(flatten);
  return node.kind === 'rows' ? mergeBlocks(blocks) : blocks;
}

export function readingOrder(items: Item[], bodySize: number): Block[] {
  return items.length ? flatten(cutTree(items, bodySize)) : [];
}

function sortTopDown(items: Item[]): Item[] {
  return [...items].sort((a, b) => {
    const overlap = Math.min(bottom(a.box), bottom(b.box)) - Math.max(a.box.y, b.box.y);
    if (overlap > 0.5 * Math.min(a.box.h, b.box.h)) return a.box.x - b.box.x;
    return a.box.y - b.box.y;
  });
}

/** Consecutive single-region blocks of the same column stay one block (keeps paragraphs' context). */
function mergeBlocks(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    if (prev && Math.abs(prev.region.x - b.region.x) < 2 && Math.abs(right(prev.region) - right(b.region)) < 2) {
      prev.items.push(...b.items);
      prev.region = bounds(prev.items);
    } else out.push({ region: b.region, items: [...b.items] });
  }
  return out;
}

export interface PageLayout {
  tree: CutNode | null;
  blocks: Block[];
  lines: Line[];
  bodySize: number;
  content: Box;
  /** Lines reaching past the page's top or bottom edge (a slide number printed half off the slide), and the
   * page's footer (footer-lines.ts): framed at their place, out of the flow, where the room they took ran
   * the page onto another. */
  edgeLines: Line[];
  /** Indices of page.images drawn at their place behind the text, out of the flow: small pictures on a line
   * of text (lineIcon) and pictures the text is printed over (underText). */
  icons: number[];
  /** Indices of page.images at the page's foot with nothing after them (foot-pictures.ts): drawn at their
   * place, out of the flow, with their labels framed. */
  foot: number[];
}

/** A picture a few points thin (Qt draws a box's shadow as pictures 2.3 pt thin along its sides and at its
 * corners): in the flow each took a line of its own, and a page of code boxes ran onto another; floated at its
 * place it takes no room, as it took next to none in the PDF. */
const speck = (img: Box) => img.w < 4 || img.h < 4;

export function layoutPage(page: PageData, dropBackground: boolean): PageLayout {
  const tables = findTables([...page.segments, ...shadedCellSides(page.segments, page.fills)]).filter(
    (t) => !inSentence(t, page.runs) && !squaredPaper(t, page.runs) && !pageWindow(t, page.height),
  );
  const inTable = (r: TextRun) =>
    tables.findIndex((t) => {
      const cx = r.x + r.w / 2;
      const cy = r.y - r.size * 0.3;
      return cx >= t.box.x && cx <= right(t.box) && cy >= t.box.y && cy <= bottom(t.box);
    });
  const free: TextRun[] = [];
  for (const r of page.runs) {
    const t = inTable(r);
    if (t >= 0) tables[t].runs.push(...splitAcrossColumns(r, tables[t].xs));
    else free.push(r);
  }
  const lines = buildLines(free);
  const bodySize = median(lines.map((l) => l.size));
  const pageArea = page.width * page.height;
  // the tables shown: those holding text
  const shown = tables
    .filter((t) => t.runs.length > 0)
    .map((table) => ({ kind: 'table' as const, box: table.box, table }));
  const textTables = shown.map((it) => it.box);
  const icons = page.images.flatMap((img, index) =>
    img.glyph ||
    speck(img) ||
    lineIcon(img, lines) ||
    (!img.labels?.length &&
      (inlinePicture(img, lines) || underText(img, lines, page.images) || underTable(img, textTables)))
      ? [index]
      : [],
  );
  // by its glyphs' extent (cap height, descent), not the line's box, which has room above and below
  const onPage = (l: Line) => l.baseline - 0.7 * l.size >= 0 && l.baseline + 0.2 * l.size <= page.height;
  const images = page.images
    .map((img, index) => ({ kind: 'image' as const, box: clip(img, page), index }))
    .filter((it) => !icons.includes(it.index))
    .filter((it) => it.box.w > 2 && it.box.h > 2 && !(dropBackground && it.box.w * it.box.h > 0.6 * pageArea));
  const footer = footerLines(
    lines.filter(onPage),
    images.map((it) => it.box),
    textTables,
    page.height,
  );
  // its logo floats at its place as the icons do (a drawing with labels stays in the flow)
  const logos = footer.pictures.map((i) => images[i].index).filter((i) => !page.images[i].labels?.length);
  icons.push(...logos);
  const flowing = lines.filter((l) => onPage(l) && !footer.lines.includes(l));
  const margins = marginNumbers(flowing, page.height); // a running head's number in the margin: framed
  const all: Item[] = [
    ...flowing.filter((l) => !margins.includes(l)).map((line) => ({ kind: 'line' as const, box: line as Box, line })),
    ...images.filter((it) => !logos.includes(it.index)),
    ...shown,
  ];
  const foot = footPictures(all, { x: 0, y: 0, w: page.width, h: page.height });
  const items = all.filter((it) => it.kind !== 'image' || !foot.includes(it.index));
  const tree = items.length ? cutTree(items, bodySize) : null;
  const blocks = tree ? flatten(tree) : [];
  // the footer still sets the margins (the text area's width), as it did in the flow
  const framed = footer.lines.map((line) => ({ kind: 'line' as const, box: line as Box, line }));
  // and the pictures at the foot (foot-pictures.ts)
  const content = all.length
    ? bounds([...all, ...framed])
    : { x: 72, y: 72, w: page.width - 144, h: page.height - 144 };
  return {
    tree,
    blocks,
    lines,
    bodySize,
    content,
    icons,
    foot,
    edgeLines: [...lines.filter((l) => !onPage(l)), ...footer.lines, ...margins],
  };
}

/**
 * A small picture on a line of text, no taller than two of its ems, beside its first word or within it (a
 * bullet drawn as an image, an icon in a sentence): placed in the flow it took a line of its own, the
 * list's lines ran together and the page overflowed (htmldoc's manuals: 13 Word pages for 10). It is
 * that line's: drawn at its place on the page (build-docx), the line flows as text.
 */
function lineIcon(img: Box, lines: Line[]): boolean {
  const cy = img.y + img.h / 2;
  return lines.some(
    (l) =>
      img.h <= 2 * l.size &&
      img.w <= 3 * l.size &&
      cy >= l.y &&
      cy <= bottom(l) &&
      img.x + img.w <= right(l) &&
      l.x - (img.x + img.w) <= 2 * l.size,
  );
}

/**
 * A picture with text printed over it (a slide's background or banner, a letterhead's artwork behind the
 * address), or under a smaller picture: in the flow it took its own height and what lay over it came
 * after it, so a slide ran onto two or three Word pages. It is a background: drawn behind at its place.
 * Over it: a line it covers half the height of, across an em or half the line; a smaller picture lying
 * (nearly) wholly on it.
 */
function underText(img: Box, lines: Line[], images: Box[]): boolean {
  const ox = (b: Box) => Math.min(right(b), img.x + img.w) - Math.max(b.x, img.x);
  const oy = (b: Box) => Math.min(bottom(b), img.y + img.h) - Math.max(b.y, img.y);
  return (
    lines.some((l) => oy(l) >= 0.5 * l.h && ox(l) >= Math.min(l.size, l.w / 2)) ||
    images.some(
      (o) => o !== img && o.w * o.h < img.w * img.h && ox(o) > 0 && oy(o) > 0 && ox(o) * oy(o) >= 0.9 * o.w * o.h,
    )
  );
}

function clip(b: Box, page: PageData): Box {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  return { x, y, w: Math.min(page.width, b.x + b.w) - x, h: Math.min(page.height, b.y + b.h) - y };
}
