// Squared paper (a LaTeX exam's answer pages): a grid of 5 mm squares in light grey, drawn page-tall and
// clipped to the answer's box under the question. Read unclipped and as a table, the question was set in a
// table of 1,900 empty cells and each page ran onto two.
import {
  StandardFonts,
  clip,
  endPath,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setStrokingGrayscaleColor,
  stroke,
  type PDFOperator,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml, paragraphsText } from '@/tests/support/pdf-to-docx/docx-parts';

const MM5 = 14.1732;

/** A 5 mm grid over the whole A4 page, the clip `box` ([x, y, w, h], PDF y up) letting part of it show. */
function grid(page: PDFPage, box: number[] | null): void {
  const ops: PDFOperator[] = [pushGraphicsState()];
  if (box) ops.push(rectangle(box[0], box[1], box[2], box[3]), clip(), endPath());
  ops.push(setStrokingGrayscaleColor(0.8));
  for (let y = 42.5; y < 800; y += MM5) ops.push(moveTo(28.3, y), lineTo(566.9, y));
  for (let x = 28.3; x < 567; x += MM5) ops.push(moveTo(x, 42.5), lineTo(x, 799.4));
  ops.push(stroke(), popGraphicsState());
  page.pushOperators(...ops);
}

function question(page: PDFPage, font: PDFFont): void {
  page.drawText('Student nr. 127', { x: 464, y: 800, size: 9, font });
  page.drawText('3. [BISTROCULTURE-1]', { x: 57, y: 760, size: 10, font });
  page.drawText('a) Bespreek de evolutie van de Noord-Europese bistrocultuur.', { x: 70, y: 730, size: 10, font });
}

async function examPage(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595.28, 841.89]);
  question(page, font);
  grid(page, [0, 0, 595.28, 700]); // the answer's box: below the question
  return doc.save();
}

test("a grid's lines are cut to its clip: none reach the question above the answer's box", async () => {
  const p = await extractFirstPage(await examPage());
  const rules = p.segments.filter((s) => Math.max(s.x2 - s.x1, s.y2 - s.y1) > 3);
  expect(rules.length).toBeGreaterThan(50);
  // page y = 841.89 - PDF y: the clip's top edge at 141.9
  expect(Math.min(...rules.map((s) => Math.min(s.y1, s.y2)))).toBeGreaterThan(140);
});

test('squared paper is a drawing with the question as paragraphs, not a table of empty cells', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595.28, 841.89]);
  grid(page, null); // a scrap page: the whole page squared, the page's head on it
  page.drawText('Student nr. 127', { x: 464, y: 780, size: 9, font });
  const full = documentXml((await convertBytes(await doc.save(), 'scrap.pdf')).docx);
  const exam = documentXml((await convertBytes(await examPage(), 'exam.pdf')).docx);
  for (const xml of [full, exam]) {
    expect(xml).not.toContain('<w:tbl>');
    expect(xml).toContain('<pic:pic');
  }
  expect(paragraphsText(full)).toContain('Student nr. 127');
  expect(paragraphsText(exam)).toContain('3. [BISTROCULTURE-1]');
  expect(paragraphsText(exam)).toContain('Noord-Europese bistrocultuur');
});

test('a grid at one pitch whose cells hold their words stays a table', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595.28, 841.89]);
  const [x0, top, n] = [60, 700, 9];
  const ops: PDFOperator[] = [pushGraphicsState()];
  for (let i = 0; i <= n; i++) ops.push(moveTo(x0, top - i * 30), lineTo(x0 + n * 30, top - i * 30));
  for (let i = 0; i <= n; i++) ops.push(moveTo(x0 + i * 30, top), lineTo(x0 + i * 30, top - n * 30));
  page.pushOperators(...ops, stroke(), popGraphicsState());
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if ((r + c) % 3 === 0)
        page.drawText(String(1 + ((r * 3 + c) % 9)), { x: x0 + c * 30 + 12, y: top - r * 30 - 20, size: 12, font });
  const xml = documentXml((await convertBytes(await doc.save(), 'sudoku.pdf')).docx);
  expect(xml).toContain('<w:tbl>');
});
