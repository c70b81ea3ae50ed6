// Glyphs 0 pt wide (issue 19, twenty-fifth pass: SIL's Annapurna and Padauk feature sheets, Windows'
// PostScript driver through Distiller): for a complex script the driver places each glyph cluster with a move
// of its own and gives the font's glyphs widths of 0 or 1, so every text item was 0 pt wide. The layout could
// not tell which column a cell's glyphs stood in; a feature sheet's table scattered and its pages ran over.
import { PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

/** A page whose Helvetica has every width 0 (as the driver's fonts): a label column in another face, a
 * column of three-letter clusters placed one by one, and a bullet drawn 0 pt wide too. */
async function zeroWidthPage(): Promise<Uint8Array> {
  const { doc, font: label, page } = await madePage(StandardFonts.TimesRoman, [595, 842]);
  const glyphs = await doc.embedFont(StandardFonts.Helvetica);
  const rows = ['Kra alternate', 'Tra alternate', 'Shra alternate'];
  rows.forEach((name, i) => {
    const y = 700 - 27 * i;
    page.drawText(name, { x: 52, y, size: 8, font: label });
    ['kra', 'tra', 'sha'].forEach((c, k) => page.drawText(c, { x: 220 + 16 * k, y, size: 14, font: glyphs }));
    page.drawText('var', { x: 380, y, size: 14, font: glyphs });
  });
  page.drawText('\u2022', { x: 40, y: 600, size: 10, font: glyphs });
  page.drawText('A bullet drawn 0 pt wide keeps its width.', { x: 52, y: 600, size: 10, font: label });
  // the font's own widths: all 0 (pdf.js takes a font's Widths over the standard metrics); pdf-lib writes
  // a font's dictionary when it saves, so it is set on the saved file
  const saved = await PDFDocument.load(await doc.save());
  for (const [, obj] of saved.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('BaseFont')) !== PDFName.of('Helvetica')) continue;
    obj.set(PDFName.of('FirstChar'), PDFNumber.of(32));
    obj.set(PDFName.of('LastChar'), PDFNumber.of(255));
    obj.set(PDFName.of('Widths'), saved.context.obj(Array.from({ length: 224 }, () => 0)));
  }
  return saved.save();
}

test('a run of 0 pt wide glyphs is given the room of its clusters, up to the next run on its line', async () => {
  const p = await extractFirstPage(await zeroWidthPage());
  const cells = p.runs.filter((r) => r.font.includes('Helvetica') && r.str.trim() !== '\u2022');
  expect(cells.length).toBeGreaterThanOrEqual(6);
  for (const r of cells) {
    expect(r.w).toBeGreaterThan(0.5 * 14);
    // within its column: up to the next cell at the latest
    const next = p.runs.filter((q) => Math.abs(q.y - r.y) < 1 && q.x > r.x + 1).map((q) => q.x);
    if (next.length) expect(r.x + r.w).toBeLessThanOrEqual(Math.min(...next) + 0.01);
  }
  // the three clusters of a row reach to the third one's place; the last column stays where it is
  const row = p.runs.filter((r) => Math.abs(r.y - p.runs.find((q) => q.str === 'Kra alternate')!.y) < 1);
  const glyphRuns = row.filter((r) => r.font.includes('Helvetica'));
  expect(Math.max(...glyphRuns.filter((r) => r.x < 300).map((r) => r.x + r.w))).toBeGreaterThan(252);
  expect(glyphRuns.some((r) => Math.abs(r.x - 380) < 1)).toBe(true);
  // a bullet (no letter) keeps what the PDF gives it
  const bullet = p.runs.find((r) => r.str.trim() === '\u2022');
  expect(bullet?.w).toBe(0);
}, 60_000);
