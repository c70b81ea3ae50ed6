// Bold faked letter by letter (issue 19, twenty-third pass: groff's mom, its sample documents' titles): each
// letter shown twice, the copy a twentieth of a point right, in one text object. pdf.js starts an item at
// each step back, so every item begins with the letter the one before ended with ("A", "AM", "MP"...):
// the title read "SAAMMPPLLEE MMOOMM". The repeated first letter is dropped (text-source.ts).
import { StandardFonts, moveText, beginText, endText, setFontAndSize, setTextMatrix, showText } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

async function fakeBold(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.TimesRomanBold);
  const name = page.node.newFontDictionary('F1', font.ref);
  // as groff writes it: "A" Tj, 0.045 0 Td, "AM" Tj, then each step the width of the letter before
  const pieces = ['A', 'AM', 'MP', 'PL', 'LE', 'E M', 'MO', 'OM', 'M'];
  const ops = [
    beginText(),
    setFontAndSize(name, 16),
    setTextMatrix(1, 0, 0, 1, 204, 500),
    showText(font.encodeText('A')),
  ];
  let previous = 'A';
  pieces.slice(1).forEach((p, i) => {
    // back to where the letter just shown started, plus a hair
    const step = i === 0 ? 0.045 : font.widthOfTextAtSize(previous.slice(0, -1), 16);
    ops.push(moveText(step, 0), showText(font.encodeText(p)));
    previous = p;
  });
  ops.push(endText());
  page.pushOperators(...ops);
  page.drawText('A sentence in the regular face under it.', { x: 72, y: 460, size: 11, font });
  return doc.save();
}

test('letters shown twice, each copy a hair right of the first, read once', async () => {
  const runs = (await extractFirstPage(await fakeBold())).runs.filter((r) => r.y < 300);
  expect(runs.map((r) => r.str).join('')).toBe('AMPLE MOM'); // was "AAMMPPLLEE MMOOMM"
  // each piece starts where the letter before it ends, left to right
  for (let i = 1; i < runs.length; i++) expect(runs[i].x).toBeGreaterThan(runs[i - 1].x);
});
