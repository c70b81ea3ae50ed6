// A fill is what shows inside its clip. cairo (SIL's Andika feature pages, printed from a browser) paints a
// table's shaded cell as a clip to the cell, then the whole page filled: read as ten page-sized fills, the
// shading was taken for the page's background and none was drawn.
import {
  StandardFonts,
  clip,
  endPath,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
} from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';

async function cairoTable(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 841]);
  // two rows, each painted as cairo does: clip to the row, fill the page (PDF y up: rows at 380 and 355)
  for (const [y, grey] of [
    [380, 0.86],
    [355, 0.93],
  ])
    page.pushOperators(
      pushGraphicsState(),
      rectangle(80, y, 434, 25),
      clip(),
      endPath(),
      setFillingRgbColor(grey, grey * 1.02, grey * 1.05),
      rectangle(0, 0, 595, 841),
      fill(),
      popGraphicsState(),
    );
  page.drawText('Standard      a b c d e f      ss01=0', { x: 86, y: 388, size: 9, font });
  page.drawText('Double-story  a b c d e f      ss01=1', { x: 86, y: 363, size: 9, font });
  page.drawText('Andika - Font Features', { x: 80, y: 700, size: 16, font });
  return doc.save();
}

test("a page-filling paint inside a clip is a fill of the clip's box", async () => {
  const p = await extractFirstPage(await cairoTable());
  const boxes = p.fills.map((f) => [f.x, f.y, f.w, f.h].map(Math.round));
  // page y = 841 - PDF y - height
  expect(boxes).toEqual([
    [80, 436, 434, 25],
    [80, 461, 434, 25],
  ]);
});

test('in the DOCX the two shaded rows are drawn, not dropped as a page background', async () => {
  const xml = documentXml((await convertBytes(await cairoTable(), 'features.pdf')).docx);
  const shaded = xml.match(/<wp:anchor [^>]*behindDoc="1"/g) ?? [];
  const cells = xml.match(/<w:shd [^>]*w:fill="(?!auto|FFFFFF)[0-9A-F]{6}"/g) ?? [];
  expect(shaded.length + cells.length).toBeGreaterThanOrEqual(2);
  expect(xml).toContain('Andika - Font Features');
});
