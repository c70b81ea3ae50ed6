// A spreadsheet printed to PDF (issue 19, twentieth pass: SIL's Ezra chart, Acrobat PDFMaker for Excel): a
// shaded column is one fill over the rows with no rule across it or down its sides, the rows' rules stopping
// at its left side and starting again at its right; a cell's text that does not fit its row is clipped by
// the spreadsheet, and its PDF keeps the lines that cross the row's rules. The three columns around the fill
// became one cell whose text wrapped, every row with clipped text grew to hold it, and six pages became eight.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rgb, StandardFonts } from 'pdf-lib';
import type { Segment } from '../pdfjs/protocol';
import { shadedCellSides } from './shaded-cells';
import { findTables } from './tables';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';
import { madePage } from '@/tests/support/pdf-to-docx/extract-page';

const hRule = (y: number, x1: number, x2: number): Segment => ({ x1, y1: y, x2, y2: y });
const vRule = (x: number, y1: number, y2: number): Segment => ({ x1: x, y1, x2: x, y2 });

test('pieces of one rule a fraction of a point apart keep their whole length, whichever x sorts first', () => {
  // the column rule at 150 is drawn at 150.06 in the upper rows and at 150 in the lower ones
  const segments = [
    ...[100, 120, 140, 160].map((y) => hRule(y, 50, 250)),
    vRule(50, 100, 160),
    vRule(250, 100, 160),
    vRule(150.06, 100, 120),
    vRule(150, 120, 160),
  ];
  const [t] = findTables(segments);
  expect(t.rows.map((r) => r.map((c) => c.span))).toEqual([
    [1, 1],
    [1, 1],
    [1, 1],
  ]);
});

test("a fill between the ends of the rows' rules is a column of cells; one with rules on one side only is not", () => {
  const rules = [100, 120, 140].flatMap((y) => [hRule(y, 50, 150), hRule(y, 175, 250)]);
  const column = { x: 150, y: 100, w: 25, h: 40 };
  expect(shadedCellSides(rules, [column])).toEqual([vRule(150, 100, 140), vRule(175, 100, 140)]);
  const oneSided = [100, 120, 140].map((y) => hRule(y, 50, 150));
  expect(shadedCellSides(oneSided, [column])).toEqual([]);
});

const LAVENDER = rgb(0.8, 0.8, 1);
const COLS = [20, 40, 110, 140, 165, 200, 330, 770]; // the shaded column lies between 140 and 165
const ROWS = 44;
const ROW = 12;
const NOTE = ['Convert to a sequence in Hebrew, as the other forms are,', 'when the keyboard does not offer it.'];

/** A landscape sheet: a header row of column letters, ruled all round, over 44 rows 12 pt high whose fourth
 * column is shaded with no rules; every other row's note is two lines of 6 pt text 6.9 pt apart, its first
 * line's capitals crossing the row's top rule. */
async function sheet(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [792, 612]);
  const head = 590; // pdf-lib's y runs up
  const top = head - ROW;
  const bottom = top - ROWS * ROW;
  page.drawRectangle({ x: COLS[3], y: bottom, width: COLS[4] - COLS[3], height: ROWS * ROW, color: LAVENDER });
  page.drawLine({ start: { x: COLS[0], y: head }, end: { x: COLS[7], y: head }, thickness: 0.6 });
  page.drawLine({ start: { x: COLS[3], y: top }, end: { x: COLS[4], y: top }, thickness: 0.6 });
  for (let r = 0; r <= ROWS; r++) {
    const y = top - r * ROW;
    page.drawLine({ start: { x: COLS[0], y }, end: { x: COLS[3], y }, thickness: 0.12 });
    page.drawLine({ start: { x: COLS[4], y }, end: { x: COLS[7], y }, thickness: 0.12 });
  }
  for (const x of COLS) {
    page.drawLine({ start: { x, y: head }, end: { x, y: top }, thickness: 0.6 });
    if (x !== COLS[3] && x !== COLS[4]) page.drawLine({ start: { x, y: top }, end: { x, y: bottom }, thickness: 0.12 });
  }
  COLS.slice(1).forEach((x, c) => page.drawText('ABCDEFG'[c], { x: x + 4, y: head - 9, size: 6, font }));
  for (let r = 0; r < ROWS; r++) {
    const base = top - r * ROW - 9;
    const cells = [`${r + 40}`, `class${r}geresh`, `${130 + r}`, `05${(0x90 + r).toString(16).toUpperCase()}`];
    cells.forEach((s, c) => page.drawText(s, { x: COLS[c] + 2, y: base, size: 6, font }));
    page.drawText(`afii${57600 + r}`, { x: COLS[4] + 2, y: base, size: 6, font });
    page.drawText(`HEBREW ACCENT NUMBER ${r}`, { x: COLS[5] + 2, y: base, size: 6, font });
    if (r % 2 === 1)
      NOTE.forEach((s, i) => page.drawText(s, { x: COLS[6] + 2, y: base + 6.5 - i * 6.9, size: 6, font }));
  }
  return doc.save();
}

test('a sheet keeps its columns and its page: clipped rows are held at their height', async () => {
  const { docx } = await convertBytes(await sheet(), 'sheet.pdf');
  const xml = documentXml(docx);
  const rows = xml.split('<w:tr>').filter((r) => r.includes('<w:trHeight'));
  expect(rows).toHaveLength(ROWS + 1);
  const held = rows.filter((r) => r.includes('w:hRule="exact"'));
  expect(held).toHaveLength(ROWS / 2);
  for (const r of held) expect(r).toContain('when the keyboard does not offer it.');
  // the shaded column's code and the next column's name are cells of their own
  expect(rows[4]).toMatch(/>0593<\/w:t><\/w:r><\/w:p><\/w:tc><w:tc>.*>afii57603</);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-sheet-'));
  try {
    const f = path.join(dir, 'sheet.docx');
    fs.writeFileSync(f, docx);
    const pdf = docxToPdf([f])[0];
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
