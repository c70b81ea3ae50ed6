// Word's bullets in a symbol font (issue 19, twenty-sixth pass: a visa form through LibreOffice 7.4, its
// instructions' ♦ in OpenSymbol): the ToUnicode gives them at private-use codes, U+F000 plus the font's code
// (U+F0A8, U+F0B7), which no face shows; the list's items ran into one paragraph without their bullets. They
// are read by the font's encoding (Symbol's, from pdf-lib; Wingdings' bullets) and start list items.
import { PDFName, StandardFonts } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml, paragraphsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { editedFonts, extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

const ITEMS = [
  'Type or write in block letters, on blue or black ink only. Form can be filled out on line.',
  'Complete first and second pages, except for the box marked For Official Use Only.',
  'Sign and date each form. Original signature is mandatory.',
];

/** Each item after a bullet of the Symbol font whose ToUnicode maps its codes to U+F000 plus the code. */
async function instructions(bullet: string): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  const symbol = await doc.embedFont(StandardFonts.Symbol);
  ITEMS.forEach((t, i) => {
    page.drawText(bullet, { x: 50, y: 700 - 11 * i, size: 9, font: symbol });
    page.drawText(t, { x: 68, y: 700 - 11 * i, size: 9, font });
  });
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /PUA def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '2 beginbfchar <A8> <F0A8> <B7> <F0B7> endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  return editedFonts(await doc.save(), 'Symbol', (font, d) =>
    font.set(PDFName.of('ToUnicode'), d.context.register(d.context.stream(cmap))),
  );
}

test("a symbol font's private-use codes are read as its bullets", async () => {
  for (const bullet of ['\u2666', '\u2022']) {
    const runs = (await extractFirstPage(await instructions(bullet))).runs;
    expect(runs.filter((r) => r.font === 'Symbol').map((r) => r.str.trim())).toEqual([bullet, bullet, bullet]);
  }
});

test('items after symbol-font diamonds are list items, each its own paragraph with its bullet', async () => {
  const xml = documentXml((await convertBytes(await instructions('\u2666'), 'form.pdf')).docx);
  const paras = paragraphsText(xml)
    .split('\n')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  expect(paras).toEqual(ITEMS.map((t) => `\u2666 ${t}`));
}, 60_000);
