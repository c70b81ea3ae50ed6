// Writes the analysed pages as DOCX sections (docx package): one section per page with the page's size and
// margins; paragraphs (paragraph.ts), images in reading order, tables rebuilt from ruling lines, columns
// and side-by-side content as borderless layout tables, scanned pages as a page-sized picture.
import {
  ColumnBreak,
  type ImageRun,
  LineRuleType,
  PageOrientation,
  Paragraph,
  SectionType,
  Table as DocxTable,
  TableBorders,
  TableCell,
  TableRow,
  WidthType,
  type ISectionOptions,
} from 'docx';
import { SLIDE_RATIO, type Box, type PageData } from '../pdfjs/protocol';
import { buildLines, flatten, layoutPage, mergeBands, type Block, type CutNode, type Line } from './layout';
import { columnTabs } from './line-bands';
import { paragraphs, type Para } from './line-paragraphs';
import { tableChild } from './table-docx';
import { pageFrame, paragraph, place, pointParagraph } from './paragraph';
import { drawingWithLabels, labelLines, lineInFrame, type Lifted } from './drawing-overlay';
import { turnedText } from './rotated-text';
import { slantedText } from './slanted-text';
import { textBoxPictures } from './text-box-fills';
import { glyphBullets, withBullets } from './web-lists';
import { boxedRuns } from './boxed-runs';
import { shadingBehind } from './shaded-boxes';
import { loneFillPictures } from './lone-fills';
import { lonePictures } from './lone-rules';
import { underlinedWords } from './underlined-words';
import { encodedImage, imageParagraph, luminance, pageBackground, pictureBehindText, solidPng } from './images';
import { TW } from './units';

type Child = Paragraph | DocxTable;

/** The empty paragraph Word needs after a table or at a section's end: 1 pt high, so a table that ends
 * near the bottom of its page does not push an extra (blank) page. */
const spacer = () => pointParagraph();

export function pageProps(
  page: PageData,
  margin: { top: number; right: number; bottom: number; left: number },
  first: boolean,
): ISectionOptions['properties'] {
  const landscape = page.width > page.height;
  return {
    type: first ? undefined : SectionType.NEXT_PAGE,
    page: {
      size: landscape
        ? {
            width: Math.round(page.height * TW),
            height: Math.round(page.width * TW),
            orientation: PageOrientation.LANDSCAPE,
          }
        : { width: Math.round(page.width * TW), height: Math.round(page.height * TW) },
      margin: {
        top: Math.round(margin.top * TW),
        right: Math.round(margin.right * TW),
        bottom: Math.round(margin.bottom * TW),
        left: Math.round(margin.left * TW),
        header: 0,
        footer: 0,
      },
    },
  };
}

interface Emit {
  children: Child[];
  cursor: number;
  /** The most points by which an item had to be pushed below its place (content overlapping in the flow).
   * The largest push, not the sum: one push carried down a column of paragraphs is one offset. */
  deficit: number;
  /** Set inside a layout table's cell: drawings put their picture and labels here (drawing-overlay.ts). */
  lift?: Lifted;
}

async function emitBlocks(
  blocks: Block[],
  page: PageData,
  out: Emit,
  area: Box,
  indentBase: number,
  maxW: number,
  breakFirst: boolean,
) {
  let pendingBreak = breakFirst;
  const push = (c: Child) => {
    out.children.push(c);
  };
  const breakPara = () => {
    if (pendingBreak) {
      push(pointParagraph([new ColumnBreak()]));
      pendingBreak = false;
    }
  };
  for (const block of blocks) {
    // A block with another beside it is a column of its own: align within it; otherwise within the area.
    const b = block.region;
    const beside = blocks.some(
      (o) =>
        o !== block &&
        Math.min(o.region.y + o.region.h, b.y + b.h) - Math.max(o.region.y, b.y) > 0 &&
        (o.region.x >= b.x + b.w || o.region.x + o.region.w <= b.x),
    );
    const region = beside ? b : area;
    let pending: Line[] = [];
    const flush = async () => {
      for (const p of paragraphs(mergeBands(columnTabs(pending)), region)) {
        const at = place(p, out.cursor);
        out.deficit = Math.max(out.deficit, at.pushed);
        const para = await paragraph(p, page.links, indentBase, at.before, pendingBreak);
        pendingBreak = false;
        push(para);
        out.cursor = at.after;
      }
      pending = [];
    };
    for (const it of block.items) {
      if (it.kind === 'line') {
        pending.push(it.line);
        continue;
      }
      await flush();
      breakPara();
      if (it.kind === 'image') {
        out.deficit = Math.max(out.deficit, out.cursor - it.box.y - 2);
        const img = page.images[it.index];
        if (img.encoded && img.labels?.length)
          for (const c of drawingWithLabels({ ...img, encoded: img.encoded }, it.box.y - out.cursor, out.lift)) push(c);
        else push(await imageParagraph(img, it.box, maxW, indentBase, it.box.y - out.cursor));
      } else {
        out.deficit = Math.max(out.deficit, out.cursor - it.box.y - 2);
        if (it.box.y - out.cursor > 1)
          push(
            new Paragraph({
              children: [],
              spacing: {
                before: 0,
                after: 0,
                line: Math.round((it.box.y - out.cursor) * TW),
                lineRule: LineRuleType.EXACT,
              },
            }),
          );
        push(await tableChild(it.table, page.links, page.fills, it.table.box.x - indentBase));
      }
      out.cursor = Math.max(out.cursor, it.box.y + it.box.h);
    }
    await flush();
  }
}

async function emitBands(page: PageData, out: Emit, left: number, maxW: number) {
  const lines = mergeBands(
    buildLines(page.runs).sort((a, b) => a.baseline - b.baseline),
    0.9,
  );
  const items = [
    ...lines.map((l) => ({ y: l.y, line: l as Line | null, img: -1 })),
    ...page.images.map((im, i) => ({ y: im.y, line: null, img: i })),
  ].sort((a, b) => a.y - b.y);
  for (const it of items) {
    if (it.line) {
      const l = it.line;
      const p: Para = {
        lines: [l],
        align: 'left',
        left: l.x,
        firstLine: 0,
        top: l.y,
        bottom: l.y + l.h,
        lineGap: l.size * 1.05,
      };
      // Each band is framed at its place on the page: bands set closer than a line apart (a form's small
      // labels over its fields) would each push the next one down, and the page ran onto another.
      const L = Math.max(p.lineGap, l.size);
      const frame = pageFrame(left, Math.max(0, l.baseline - 0.8 * L), Math.max(maxW, page.width - left - 2));
      out.children.push(await paragraph(p, page.links, left, 0, false, 10, frame));
    } else {
      // Every picture floats at its place like the bands (its labels framed over it): in the flow a
      // picture took its height below the one before it (a slide's screenshots, a grid of charts) and the
      // page ran onto others, and a picture cannot wrap as a line can.
      const img = page.images[it.img];
      const enc = await encodedImage(img);
      if (enc) out.children.push(pointParagraph([pictureBehindText(enc.type, enc.data, img)]));
      out.children.push(...labelLines(img.labels ?? []).map(lineInFrame));
    }
  }
  // the frames' anchor in the flow
  out.children.push(spacer());
}

/**
 * Emits a node of the XY-cut tree. Columns and other side-by-side content become a borderless layout
 * table: text keeps flowing inside each column, and Word and LibreOffice keep the columns side by side.
 */
async function emitNode(
  node: CutNode,
  page: PageData,
  out: Emit,
  area: Box,
  indentBase: number,
  maxW: number,
): Promise<void> {
  if (node.kind === 'cols') await emitSideBySide(node.children, page, out, area.x, area.x + area.w);
  else if (node.kind === 'rows') for (const c of node.children) await emitNode(c, page, out, area, indentBase, maxW);
  else await emitBlocks(flatten(node), page, out, area, indentBase, maxW, false);
}

/**
 * Content side by side that is not a run of article columns (a sidebar, a logo beside the address, a
 * figure beside its text): a borderless layout table with one cell per column keeps it on the page.
 */
async function emitSideBySide(cols: CutNode[], page: PageData, out: Emit, left: number, right: number) {
  const top = Math.min(...cols.map((c) => c.region.y));
  // the outermost table holds its cells' drawings at the page's level, in the room paragraph above it
  const lift: Lifted = out.lift ?? { pictures: [], frames: [] };
  const cells: TableCell[] = [];
  const widths: number[] = [];
  let bottomMost = top;
  for (let i = 0; i < cols.length; i++) {
    const start = i === 0 ? left : cols[i].region.x;
    const end = i < cols.length - 1 ? cols[i + 1].region.x : right;
    // The gutter stays mostly empty (a right cell margin): text that ran into it touched the next column,
    // so readers took two columns for one, and justified columns did not look justified. A quarter of it
    // (2 pt at least) is slack: a line as wide as its column may come out a little wider in Word's font.
    const own = Math.max(start + 10, Math.min(end, cols[i].region.x + cols[i].region.w));
    const gutter = Math.max(0, end - own - Math.max(2, 0.25 * (end - own)));
    const sub: Emit = { children: [], cursor: top, deficit: 0, lift };
    const region = { ...cols[i].region, x: start, w: own - start };
    await emitNode(cols[i], page, sub, region, start, Math.max(10, own - start - 2));
    if (!sub.children.length || sub.children[sub.children.length - 1] instanceof DocxTable) sub.children.push(spacer());
    bottomMost = Math.max(bottomMost, sub.cursor);
    out.deficit = Math.max(out.deficit, sub.deficit);
    const w = Math.max(1, Math.round((end - start) * TW));
    widths.push(w);
    cells.push(
      new TableCell({
        children: sub.children,
        width: { size: w, type: WidthType.DXA },
        margins: { left: 0, right: Math.max(0, Math.round(gutter * TW)), top: 0, bottom: 0 },
      }),
    );
  }
  // the room above the table, which holds the lifted pictures (1 pt at least where there are some)
  const room = top - out.cursor;
  const held = out.lift ? [] : lift.pictures;
  // the label frames first: LibreOffice anchors a framed paragraph to the paragraph after it
  if (!out.lift) out.children.push(...lift.frames);
  if (room > 1 || held.length) {
    out.children.push(
      new Paragraph({
        children: held,
        spacing: { before: 0, after: 0, line: Math.max(20, Math.round(room * TW)), lineRule: LineRuleType.EXACT },
      }),
    );
  }
  out.children.push(
    new DocxTable({
      rows: [new TableRow({ children: cells })],
      columnWidths: widths,
      borders: TableBorders.NONE,
      width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    }),
  );
  out.cursor = bottomMost;
}

/** The DOCX sections for one PDF page: one, or several (continuous) where the page has text columns. A
 * scan read by OCR is ocr-page.ts's. */

export async function pageSections(page: PageData, first: boolean): Promise<ISectionOptions[]> {
  if (page.rendered) {
    const r = page.rendered;
    // The whole page as one picture anchored at the page's corner, behind an empty paragraph, so it
    // covers the page exactly without pushing anything to a next page.
    return [
      {
        properties: pageProps(page, { top: 0, right: 0, bottom: 0, left: 0 }, first),
        children: [
          new Paragraph({
            children: [pageBackground(page, Buffer.from(r.data))],
            spacing: { before: 0, after: 0 },
          }),
        ],
      },
    ];
  }
  return textSections(page, first);
}

/**
 * Pictures that float at their place on the page, held by a first paragraph 1 pt high: the colour filling
 * the page behind light text (a slide's dark background: dropped with the other page-sized boxes, its
 * white text was left on white) and, unless the page is laid out in bands, the pictures on lines of text (bullets, icons).
 */
async function floatingPictures(page: PageData, icons: number[], behind: ImageRun[] = []): Promise<Paragraph[]> {
  const runs = [];
  const onPage = (f: Box): Box => {
    const x = Math.max(0, f.x);
    const y = Math.max(0, f.y);
    return { x, y, w: Math.min(page.width, f.x + f.w) - x, h: Math.min(page.height, f.y + f.h) - y };
  };
  // Only behind light text: a fill's colour is not always what shows (a pattern or an image may cover it),
  // but light text on the white page is lost anyway.
  const visible = page.runs.filter((r) => !r.invisible);
  const lightText = visible.length > 0 && visible.filter((r) => luminance(r.color) > 0.7).length > visible.length / 2;
  const fill = page.fills.find((f) => {
    const b = onPage(f);
    return lightText && luminance(f.color) < 0.5 && b.w > 0 && b.h > 0 && b.w * b.h >= 0.9 * page.width * page.height;
  });
  if (fill) runs.push(pictureBehindText('png', await solidPng(fill.color), onPage(fill)));
  runs.push(...behind); // shaded boxes under text (shaded-boxes.ts)
  for (const i of icons) {
    const img = page.images[i];
    const enc = await encodedImage(img);
    if (enc) runs.push(pictureBehindText(enc.type, enc.data, img));
  }
  return runs.length ? [pointParagraph(runs)] : [];
}

async function textSections(shown: PageData, first: boolean): Promise<ISectionOptions[]> {
  // Text printed a quarter turn goes in turned text boxes at its place; the rest is laid out as before.
  // Text at a slant (a watermark) goes in upright boxes behind the text, out of the flow (slanted-text.ts).
  const { page: unslanted, boxes: slantBoxes } = await slantedText(shown);
  const { page: upright, boxes: turnedBoxes } = await turnedText(unslanted);
  const boxes = [...turnedBoxes, ...slantBoxes];
  const page = await underlinedWords(boxedRuns(glyphBullets(withBullets(upright))));
  const hasVisible = page.runs.some((r) => !r.invisible);
  const layout = layoutPage(page, !hasVisible && page.runs.length > 0);
  const c = layout.content;
  const margin = {
    top: Math.max(0, Math.min(c.y - 2, page.height / 3)),
    left: Math.max(0, Math.min(c.x, page.width / 3)),
    right: Math.max(0, Math.min(page.width - (c.x + c.w) - 1, page.width / 3)),
    // a small bottom margin leaves slack for a last line that comes out a little lower than in the PDF
    bottom: Math.max(0, Math.min(page.height - (c.y + c.h) - 1, 12)),
  };
  const maxW = page.width - margin.left - margin.right;
  const area = { x: margin.left, y: c.y, w: maxW, h: c.h };
  const slabs = !layout.tree ? [] : layout.tree.kind === 'rows' ? layout.tree.children : [layout.tree];
  const tables = layout.blocks.flatMap((b) => b.items).flatMap((it) => (it.kind === 'table' ? [it.box] : []));
  // light boxes under dark text (shaded-boxes.ts), dark ones under light text (text-box-fills.ts)
  const shading = [...(await shadingBehind(page, layout)), ...(await textBoxPictures(shown, tables))];
  // and the rules and boxes that are no table's (lone-rules.ts), over the textless fills (lone-fills.ts)
  const behind = [...shading, ...(await loneFillPictures(page, tables)), ...(await lonePictures(page, tables))];
  const floats = [...(await floatingPictures(shown, [...layout.icons, ...layout.foot], behind)), ...boxes];
  // their anchor paragraphs are 1 pt each: the text area starts that much higher, so the text stays where it
  // is on a page without them (a first line less than 1 pt below the margin was pushed down, and with it a
  // two-column page's whole layout table)
  margin.top = Math.max(0, margin.top - floats.length);
  // the labels of a drawing at the page's foot, framed over it as drawingWithLabels frames them
  const footLabels = layout.foot.flatMap((i) => labelLines(page.images[i].labels ?? []));
  let out: Emit = {
    children: [...floats, ...[...layout.edgeLines, ...footLabels].map(lineInFrame)],
    cursor: margin.top + floats.length,
    deficit: 0,
  };
  for (const slab of slabs) await emitNode(slab, page, out, area, margin.left, maxW);
  // A slide (a landscape page: positioned boxes filling it, no room below) overruns from a smaller push:
  // a box pushed down a line by the one above (a title beside its logo, a panel's text past its box)
  // took the slide's last lines onto another Word page.
  const slide = page.width >= SLIDE_RATIO * page.height;
  if (out.deficit > (slide ? 0.04 : 0.15) * page.height) {
    // Content that overlaps too much to flow (dense forms): one paragraph per baseline band instead,
    // pieces placed with tab stops, so the page keeps its height. Its images include the icons; it makes no
    // tables, so every rule is drawn.
    const bg = [...(await floatingPictures(shown, [], [...shading, ...(await lonePictures(page, []))])), ...boxes];
    out = { children: [...bg], cursor: margin.top + bg.length, deficit: 0 };
    await emitBands(page, out, margin.left, maxW);
  }
  const sections: ISectionOptions[] = out.children.length
    ? [{ properties: pageProps(page, margin, first), children: out.children }]
    : [];
  if (!sections.length) sections.push({ properties: pageProps(page, margin, first), children: [spacer()] });
  // Word needs a paragraph at the end of a section (and after a table); a framed one cannot end it, as
  // LibreOffice anchors a frame to the paragraph after it, past the section's end: a slide whose one line
  // of text was framed came out blank.
  for (const sec of sections) {
    const k = sec.children as Child[];
    const last = k[k.length - 1];
    if (last instanceof DocxTable || (last instanceof Paragraph && last.options.frame)) k.push(spacer());
  }
  return sections;
}
