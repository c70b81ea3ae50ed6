// Lines the author broke (issue 19, twenty-sixth pass: PARI's reference card, whose footer ran one line over
// the page's foot, 7 pages for 4). A line after a sentence's end that left room for the next line's first
// word, and two centred lines of about one width on the area's centre, are paragraphs of their own: joined,
// Word filled the room with the next words and the lines after moved.
import { StandardFonts } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml, paragraphsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { madePage } from '@/tests/support/pdf-to-docx/extract-page';

const QUOTE = [
  'Functions marked with a star take an optional flag, whose bits select the variant of',
  'the algorithm used, and default to the fastest in all cases; the flag is an integer,',
  'its bits added.',
];

test('a line after a sentence with room left, and centred lines with room, start paragraphs', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [612, 792]);
  const size = 9;
  const centred = [
    'Based on an earlier version by Joseph H. Silverman',
    'November 2022 v2.38. Copyright 2022 K. Belabas',
  ];
  const body = [
    'Permission is granted to make and distribute copies of this card provided the copyright and the',
    'permission notice are preserved on all copies.',
    'Send comments and corrections to the author.',
  ];
  // centred on the measure of the text under them
  const middle = 72 + font.widthOfTextAtSize(body[0], size) / 2;
  centred.forEach((t, i) => {
    const w = font.widthOfTextAtSize(t, size);
    page.drawText(t, { x: middle - w / 2, y: 700 - 11 * i, size, font });
  });
  body.forEach((t, i) => page.drawText(t, { x: 72, y: 678 - 11 * i, size, font }));
  // a quotation under it, indented from both sides and justified: on the area's centre, still one paragraph
  const quoteW = font.widthOfTextAtSize(body[0], size) - 60;
  QUOTE.forEach((t, i) => {
    const words = t.split(' ');
    const gap = (quoteW - words.reduce((a, w) => a + font.widthOfTextAtSize(w, size), 0)) / (words.length - 1);
    let x = 102;
    for (const w of words) {
      page.drawText(w, { x, y: 645 - 11 * i, size, font });
      x += font.widthOfTextAtSize(w, size) + (i < QUOTE.length - 1 ? gap : font.widthOfTextAtSize(' ', size));
    }
  });
  // a paragraph that wraps: its lines stay one paragraph
  const prose = [
    'The card lists the functions of the library by the task they do, each with its arguments and the',
    'flags that change how it works. Functions are sorted by topic.',
  ];
  prose.forEach((t, i) => page.drawText(t, { x: 72, y: 600 - 11 * i, size, font }));
  const text = paragraphsText(documentXml((await convertBytes(await doc.save(), 'card.pdf')).docx));
  const paras = text.split('\n').map((p) => p.replace(/\s+/g, ' ').trim());
  expect(paras).toContain(centred[0]);
  expect(paras).toContain(centred[1]);
  expect(paras).toContain(`${body[0]} ${body[1]}`);
  expect(paras).toContain(body[2]);
  expect(paras).toContain(`${prose[0]} ${prose[1]}`);
  expect(paras).toContain(QUOTE.join(' '));
}, 60_000);
