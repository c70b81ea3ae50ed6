// Shaded cells without rules between them (issue 19, ninth pass: office-made PDFs). Word and LibreOffice
// paint each shaded cell as a filled rectangle and draw no border between two shaded cells: such a row came
// out as one cell spanning the table, and a shaded row with no side rules cut the table in two (officer-
// example: its header and first row were loose lines, a merged cell's row grew, and the page ran onto a
// second). A fill lying on a horizontal rule is a cell: its sides count as the rules the table did not draw.
import type { PageData, Segment } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { shadedCellSides } from './shaded-cells';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const XS = [60, 140, 220, 300, 380];
const h = (y: number): Segment => ({ x1: 60, y1: y, x2: 380, y2: y });
const v = (x: number, y1: number, y2: number): Segment => ({ x1: x, y1, x2: x, y2 });
const grey = (x: number, y: number, w: number) => ({ x, y, w, h: 20, color: '#c0c0c0' });

/** A ruled header box; a shaded row of two cells, each two columns wide, with no rule at its sides; a ruled
 * row; a row of four shaded cells with only the table's outer rules. */
function page(): PageData {
  const segments = [
    h(100),
    h(120),
    v(60, 100, 120),
    v(380, 100, 120),
    h(140),
    h(160),
    h(180),
    ...XS.map((x) => v(x, 140, 160)),
    v(60, 160, 180),
    v(380, 160, 180),
  ];
  const fills = [grey(60, 120, 160), grey(220.1, 120, 160), ...XS.slice(0, 4).map((x) => grey(x + 0.1, 160, 79.9))];
  const runs = [
    ...['Petals', 'Internode', 'Sepal', 'Bract'].map((s, i) => textRun(s, XS[i] + 3, 114, 40)),
    textRun('5,621498349', 63, 134, 60),
    textRun('2,462106579', 223, 134, 60),
    ...['4,994616', 'AA', '2,429320', '17,65204'].map((s, i) => textRun(s, XS[i] + 3, 154, 40)),
    ...['6,489375', '25,21130', '2,901582', '17,31304'].map((s, i) => textRun(s, XS[i] + 3, 174, 40)),
  ];
  return { width: 595, height: 842, runs, images: [], segments, fills, links: [] };
}

test('the sides of shaded cells on a rule are vertical rules, taking the x of a drawn rule within reach', () => {
  const sides = shadedCellSides(page().segments, page().fills);
  expect(sides).toContainEqual(v(140, 160, 180)); // 140.1 snapped to the rule drawn at 140 above
  expect(sides).toContainEqual(v(220, 120, 140));
  // a fill with no rule along its top or bottom is no cell
  expect(shadedCellSides(page().segments, [grey(400, 300, 50)])).toEqual([]);
});

test('the table is one, its shaded rows split into the cells they were painted as', () => {
  const { blocks } = layoutPage(page(), false);
  const tables = blocks.flatMap((b) => b.items).flatMap((it) => (it.kind === 'table' ? [it.table] : []));
  expect(tables).toHaveLength(1);
  const t = tables[0];
  expect(t.ys.map(Math.round)).toEqual([100, 120, 140, 160, 180]);
  expect(t.rows.map((r) => r.map((c) => c.span))).toEqual([[4], [2, 2], [1, 1, 1, 1], [1, 1, 1, 1]]);
});

test('in the DOCX: one table, every number of the last row in its own cell', async () => {
  const xml = await sectionsXml(await pageSections(page(), true));
  expect(xml.match(/<w:tbl>/g)).toHaveLength(1);
  const rows = [...xml.matchAll(/<w:tr>(?:(?!<\/w:tr>).)*<\/w:tr>/gs)].map((m) =>
    [...m[0].matchAll(/<w:tc>(?:(?!<\/w:tc>).)*<\/w:tc>/gs)].map((c) => c[0].replace(/<[^>]+>/g, '')),
  );
  expect(rows).toHaveLength(4);
  expect(rows[0].join(' ')).toMatch(/Petals.*Internode.*Sepal.*Bract/);
  expect(rows[3]).toEqual(['6,489375', '25,21130', '2,901582', '17,31304']);
});
