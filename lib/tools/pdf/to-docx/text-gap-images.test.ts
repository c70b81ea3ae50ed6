// A letter set as a tiny image in the gap of a sentence (issue 19, twenty-second pass: xfig's reference by
// htmldoc shows "ä" and "Ç" as 9 x 12 pixel images between quotes, inside one text item of the sentence).
// The extraction dropped any image lying under a line of text and no taller than it as the text's shadow
// (bacula's cover footer: a picture of its own line), so the letters were lost. A picture a couple of ems
// wide or less in a longer text item is kept; a picture of the words under them is still dropped.
import sharp from 'sharp';
import { PDFName, StandardFonts } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a letter drawn as a tiny image in a sentence is kept; a picture of the words under them is not', async () => {
  const { doc, font } = await madePage(StandardFonts.TimesRoman);
  const page = doc.getPage(0);
  const ctx = doc.context;
  const image = async (w: number, h: number, background: string) =>
    (
      await doc.embedPng(
        await sharp({ create: { width: w, height: h, channels: 3, background } })
          .png()
          .toBuffer(),
      )
    ).ref;
  // as htmldoc writes it: one text item, the letter's place a kerned gap in it, the image drawn in the gap
  const before = 'This key is used to enter a Latin-1 character such as `';
  const x = 72 + font.widthOfTextAtSize(before, 11);
  const footer = 'Bacula Console and Operators Guide';
  const fw = font.widthOfTextAtSize(footer, 10);
  const ops = [
    `BT /F1 11 Tf 72 600 Td [(${before}) -582 ('.) ] TJ ET`,
    `q 6.4 0 0 8.6 ${x.toFixed(2)} 599 cm /Im1 Do Q`,
    // a picture of a footer's words lying under them (its shadow)
    `BT /F1 10 Tf 72 100 Td (${footer}) Tj ET`,
    `q ${fw.toFixed(2)} 0 0 10 72 98 cm /Im2 Do Q`,
  ];
  page.node.set(
    PDFName.of('Resources'),
    ctx.obj({
      Font: { F1: ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Times-Roman', Encoding: 'WinAnsiEncoding' }) },
      XObject: { Im1: await image(9, 12, '#000'), Im2: await image(200, 12, '#888') },
    }),
  );
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(ops.join('\n'))));
  const p = await extractFirstPage(await doc.save());
  expect(p.runs.map((r) => r.str)).toContain(`${before} '.`);
  // the letter kept (page y from the top: 792 - 607.6), the footer's picture not
  expect(p.images.map((im) => [Math.round(im.w * 10) / 10, Math.round(im.y)])).toEqual([[6.4, 184]]);
});
