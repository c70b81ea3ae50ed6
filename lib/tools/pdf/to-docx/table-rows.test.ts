// A table ruled with double rules (issue 19, twelfth pass: an OpenOffice.org manual's tables): between two
// rows lies a thin row 2.6 pt high, its cells empty. An empty cell held a paragraph at the default size (a
// line of 11 pt text), so each thin row came out 12 pt or more high and the page's tables ran onto more pages
// (gentle's manual: 12 Word pages for 10).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StandardFonts } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';
import { madePage } from '@/tests/support/pdf-to-docx/extract-page';

const ROWS = 30;
const ROW = 19.3;
const GAP = 2.6;

async function doubleRuledTable(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman, [595, 842]);
  page.drawText('Context menu', { x: 60, y: 790, size: 14, font });
  const top = 770;
  const bottom = top - ROWS * (ROW + GAP) + GAP;
  // the columns' double rules run the table's height
  for (const x of [60, 62.6, 200, 202.6, 535])
    page.drawLine({ start: { x, y: top }, end: { x, y: bottom }, thickness: 0.5 });
  let y = top;
  for (let r = 0; r < ROWS; r++) {
    // a text row, then the gap between its lower rule and the next row's upper one
    for (const edge of [y, y - ROW])
      page.drawLine({ start: { x: 60, y: edge }, end: { x: 535, y: edge }, thickness: 0.5 });
    page.drawText(`Selection/${r}`, { x: 65, y: y - 14, size: 12, font });
    page.drawText(`Starts the modul ${r} on the selected part`, { x: 206, y: y - 14, size: 12, font });
    y -= ROW + GAP;
  }
  return doc.save();
}

test('the thin rows between double rules stay thin: the table keeps its page', async () => {
  const { docx } = await convertBytes(await doubleRuledTable(), 'double-rules.pdf');
  const xml = documentXml(docx);
  expect(xml).toContain('Selection/29');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-rows-'));
  try {
    const f = path.join(dir, 'rows.docx');
    fs.writeFileSync(f, docx);
    const pdf = docxToPdf([f])[0];
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // no cell holds an empty paragraph at the default size
  expect(xml).not.toMatch(/<w:p\/><\/w:tc>/);
}, 120_000);
