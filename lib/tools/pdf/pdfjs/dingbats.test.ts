// ZapfDingbats without a ToUnicode (issue 19, twenty-third pass: groff's slides, their pointing hands; LaTeX's
// pifont check marks): pdf.js reads its glyph names (a12, a20) by no list and gives the codes, "+" for "☞".
// They are read by the font's names (font-names.ts dingbatText); a font of another name keeps its codes.
import { StandardFonts } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test("a dingbats font's symbols are read as the symbols, not as the codes they sit at", async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  const dingbats = await doc.embedFont(StandardFonts.ZapfDingbats);
  page.drawText('\u261E', { x: 72, y: 700, size: 14, font: dingbats });
  page.drawText('both fit on A4 or US letter paper', { x: 90, y: 700, size: 14, font });
  page.drawText('\u2714 \u2718 \u2192', { x: 72, y: 680, size: 14, font: dingbats });
  const runs = (await extractFirstPage(await doc.save())).runs;
  expect(runs.map((r) => r.str.replace(/\s+/g, ''))).toEqual([
    '\u261E',
    'bothfitonA4orUSletterpaper',
    '\u2714\u2718\u2192',
  ]);
});
