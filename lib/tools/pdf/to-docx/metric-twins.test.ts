// An office suite's PDF of a document set in Calibri or Cambria names their metric twins Carlito and Caladea
// (issue 19, tenth pass: LibreOffice's exports of PowerPoint decks). Mapped to Arial, a wider face, a
// slide's titles wrapped and pushed slides onto other pages; they come out as Calibri and Cambria, which
// Word shows and LibreOffice draws with the twins, at the PDF's widths.
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { pageSections } from './build-docx';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

/** A page with one line in a font whose dictionary names `name` (drawn with Helvetica's widths). */
async function lineIn(name: string): Promise<string> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [720, 405]);
  page.drawText('Positioning the colleges in the current environment', { x: 60, y: 300, size: 24, font });
  // the font dictionary is written on save: rename it in the saved file
  const again = await PDFDocument.load(await doc.save());
  again.context.lookup(font.ref, PDFDict).set(PDFName.of('BaseFont'), PDFName.of(name));
  const data = await extractFirstPage(await again.save());
  const xml = await sectionsXml(await pageSections(data, true));
  return /w:ascii="([^"]+)"/.exec(xml)?.[1] ?? '';
}

test('Carlito and Caladea come out as Calibri and Cambria', async () => {
  expect(await lineIn('BAAAAA+Carlito-Bold')).toBe('Calibri');
  expect(await lineIn('Caladea-Regular')).toBe('Cambria');
  expect(await lineIn('NimbusSans-Regular')).toBe('Arial');
}, 60_000);
