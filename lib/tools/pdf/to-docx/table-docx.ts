// A table rebuilt from ruling lines (tables.ts) as a DOCX table: column widths and row heights from the
// rules, each cell's text as paragraphs (lines on one baseline stay one line), cell shading from filled
// boxes, the text's vertical position in its cell.
import {
  BorderStyle,
  ShadingType,
  Table as DocxTable,
  TableCell,
  TableRow,
  VerticalAlignTable,
  VerticalMergeType,
  WidthType,
  type ITableCellBorders,
  type TableVerticalAlign,
} from 'docx';
import type { PageData, PageLink } from '../pdfjs/protocol';
import { buildLines, mergeBands } from './layout';
import { paragraphs } from './line-paragraphs';
import { paragraph, pointParagraph } from './paragraph';
import { ruledAcross, ruledDown, spanRows, type Cell, type Table } from './tables';
import { TW } from './units';

/**
 * A row whose text crosses its rules on the page: a spreadsheet clips a cell's text at the row, and its PDF keeps
 * the lines that do not fit. Left at least that high, the row grows to hold them all and a full page of rows
 * runs onto the next (a 6-page Excel chart became 8); held exactly, it clips them as the spreadsheet did.
 */
function overflows(t: Table, r: number): boolean {
  const y1 = t.ys[r];
  const y2 = t.ys[r + 1];
  // (a cell covering more rows holds its text across their rules)
  const spanned = t.rows[r].filter((c) => c.merged || (c.rowSpan ?? 1) > 1);
  const inSpanned = (x: number) => spanned.some((c) => x >= t.xs[c.col] && x < t.xs[c.col + c.span]);
  return t.runs.some((run) => {
    const cy = run.y - run.size * 0.3;
    if (cy < y1 || cy >= y2 || !run.str.trim() || inSpanned(run.x + run.w / 2)) return false;
    return run.y > y2 + 0.5 || run.y - run.size * 0.7 < y1 - 1;
  });
}

const NONE = { style: BorderStyle.NONE, size: 0, color: 'auto' } as const;

/** The sides of a cell (rows r to r2) with no rule on the page have no border: a table ruled in part (a
 * spreadsheet's borders round some cells, graphviz's shaded column three rows high) was drawn as a full grid.
 * Undefined where every side is ruled (the table's own borders then). */
function cellBorders(t: Table, cell: Cell, r: number, r2: number): ITableCellBorders | undefined {
  const [x1, x2, y1, y2] = [t.xs[cell.col], t.xs[cell.col + cell.span], t.ys[r], t.ys[r2]];
  const sides: ITableCellBorders = {
    top: ruledAcross(t, y1, x1, x2) ? undefined : NONE,
    bottom: ruledAcross(t, y2, x1, x2) ? undefined : NONE,
    left: ruledDown(t, x1, y1, y2) ? undefined : NONE,
    right: ruledDown(t, x2, y1, y2) ? undefined : NONE,
  };
  return Object.values(sides).some(Boolean) ? sides : undefined;
}

/** `indent`: how far right of its area's left edge the table's left rule stands (a centred table was set
 * against the margin). */
export async function tableChild(
  read: Table,
  links: PageLink[],
  fills: PageData['fills'],
  indent = 0,
): Promise<DocxTable> {
  const t = spanRows(read);
  const widths = t.xs.slice(1).map((x, i) => Math.max(1, Math.round((x - t.xs[i]) * TW)));
  const rows = await Promise.all(
    t.rows.map(
      async (cells, r) =>
        new TableRow({
          height: { value: Math.round((t.ys[r + 1] - t.ys[r]) * TW), rule: overflows(t, r) ? 'exact' : 'atLeast' },
          children: await Promise.all(
            cells.map(async (cell) => {
              const x1 = t.xs[cell.col];
              const x2 = t.xs[cell.col + cell.span];
              const width = { size: Math.round((x2 - x1) * TW), type: WidthType.DXA };
              const columnSpan = cell.span > 1 ? cell.span : undefined;
              if (cell.merged)
                return new TableCell({
                  children: [pointParagraph()],
                  columnSpan,
                  width,
                  borders: cellBorders(t, cell, r, r + 1),
                  verticalMerge: VerticalMergeType.CONTINUE,
                });
              const r2 = r + (cell.rowSpan ?? 1);
              const y1 = t.ys[r];
              const y2 = t.ys[r2];
              const runs = t.runs.filter((run) => {
                const cx = run.x + run.w / 2;
                const cy = run.y - run.size * 0.3;
                return cx >= x1 && cx < x2 && cy >= y1 && cy < y2;
              });
              const region = { x: x1 + 2, y: y1, w: x2 - x1 - 4, h: y2 - y1 };
              // Pieces on one baseline in a cell without rules between them (a table ruled in groups) stay
              // one line with tab stops, not a stack of paragraphs that makes the row many lines high.
              const paras = paragraphs(mergeBands(buildLines(runs)), region);
              // An empty cell holds a paragraph 1 pt high: at the default size it is a line of 11 pt text, and
              // a thin row (the gap between a table's double rules, 2.6 pt) came out 12 pt or more high
              const children = paras.length
                ? await Promise.all(paras.map((p) => paragraph(p, links, x1 + 2, 0, false, 2, undefined, x2 - 1.5)))
                : [pointParagraph()];
              // (a cell covering rows takes the colour every one of its rows has there)
              const fillOf = (a: number, b: number) =>
                fills.find((f) => f.x <= x1 + 1 && f.x + f.w >= x2 - 1 && f.y <= a + 1 && f.y + f.h >= b - 1);
              const rowFills = () => t.ys.slice(r, r2).map((a, k) => fillOf(a, t.ys[r + k + 1]));
              const sameFill = (fs: ReturnType<typeof fillOf>[]) =>
                fs.every((f) => f && f.color === fs[0]?.color) ? fs[0] : undefined;
              const fill = fillOf(y1, y2) ?? (cell.rowSpan ? sameFill(rowFills()) : undefined);
              // Where the text sits in the cell: top, middle or bottom.
              let verticalAlign: TableVerticalAlign | undefined;
              if (runs.length) {
                const above = Math.min(...runs.map((q) => q.y - q.size * 0.85)) - y1;
                const below = y2 - Math.max(...runs.map((q) => q.y + q.size * 0.25));
                if (above > 3 && below > 3 && Math.abs(above - below) < 0.3 * (above + below))
                  verticalAlign = VerticalAlignTable.CENTER;
                else if (above > 3 && above > 2.5 * Math.max(below, 1)) verticalAlign = VerticalAlignTable.BOTTOM;
              }
              return new TableCell({
                children,
                columnSpan,
                width,
                borders: cellBorders(t, cell, r, r2),
                verticalMerge: cell.rowSpan ? VerticalMergeType.RESTART : undefined,
                margins: { left: 20, right: 20, top: 0, bottom: 0 }, // 1 pt: narrow numeric columns fit
                shading: fill ? { type: ShadingType.CLEAR, fill: fill.color.slice(1), color: 'auto' } : undefined,
                verticalAlign,
              });
            }),
          ),
        }),
    ),
  );
  return new DocxTable({
    rows,
    columnWidths: widths,
    indent: indent > 1 ? { size: Math.round(indent * TW), type: WidthType.DXA } : undefined,
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
  });
}
