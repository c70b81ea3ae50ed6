// A table ruled between its columns only (issue 19, twenty-fifth pass: debian-reference's package tables,
// dblatex): its rows' rules run from the page's left margin to its right with no rule down either side. The
// grid was read from the inner column rules alone, the first and last columns were left as text beside a
// table of the middle ones, and the last column's values came out a row out of step with their names.
import { StandardFonts } from 'pdf-lib';
import type { Segment } from '../pdfjs/protocol';
import { findTables } from './tables';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { madePage } from '@/tests/support/pdf-to-docx/extract-page';

const hRule = (y: number, x1: number, x2: number): Segment => ({ x1, y1: y, x2, y2: y });
const vRule = (x: number, y1: number, y2: number): Segment => ({ x1: x, y1, x2: x, y2 });
const YS = [80, 92, 104, 116, 128];
const INNER = [164, 230, 270];

test("rows ruled past the outer column rules: the rules' common ends are the table's edges", () => {
  const segments = [...YS.map((y) => hRule(y, 62, 561)), ...INNER.map((x) => vRule(x, 80, 128))];
  const [t] = findTables(segments);
  expect(t.xs).toEqual([62, 164, 230, 270, 561]);
  expect(t.rows.map((r) => r.length)).toEqual([4, 4, 4, 4]);
  expect(t.box).toEqual({ x: 62, y: 80, w: 499, h: 48 });
});

test('a top rule alone running past the columns (a rule over the table) does not widen it', () => {
  const segments = [
    hRule(80, 20, 580),
    ...YS.slice(1).map((y) => hRule(y, 164, 270)),
    ...INNER.map((x) => vRule(x, 80, 128)),
  ];
  const [t] = findTables(segments);
  expect(t.xs).toEqual(INNER);
});

test("the outer columns' text goes into the table's own cells, row by row", async () => {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman, [595, 842]);
  const top = 842 - 80;
  for (const y of YS) page.drawLine({ start: { x: 62, y: 842 - y }, end: { x: 561, y: 842 - y }, thickness: 0.4 });
  for (const x of INNER) page.drawLine({ start: { x, y: 842 - 80 }, end: { x, y: 842 - 128 }, thickness: 0.4 });
  const rows = [
    ['package', 'popcon', 'size', 'description'],
    ['knockd', 'V:0, I:3', '109', 'small port-knock daemon'],
    ['fail2ban', 'V:111, I:125', '2127', 'ban IPs that cause multiple authentication errors'],
    ['libpam-shield', 'V:0, I:0', '115', 'lock out remote attackers trying password guessing'],
  ];
  rows.forEach((row, i) => {
    const y = top - 12 * i - 9;
    [66, 170, 236, 274].forEach((x, c) => page.drawText(row[c], { x, y, size: 9, font }));
  });
  page.drawText('Table 4.8: List of tools to provide extra security measures', { x: 190, y: top - 70, size: 10, font });
  const xml = documentXml((await convertBytes(await doc.save(), 'packages.pdf')).docx);
  const cells = [...xml.matchAll(/<w:tr>(?:(?!<\/w:tr>).)*<\/w:tr>/gs)].map((m) =>
    [...m[0].matchAll(/<w:tc>(?:(?!<\/w:tc>).)*<\/w:tc>/gs)].map((c) => c[0].replace(/<[^>]+>/g, '')),
  );
  expect(cells).toEqual(rows);
}, 60_000);
