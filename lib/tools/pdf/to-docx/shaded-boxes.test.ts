// Shaded boxes text is printed on (shaded-boxes.ts): a web page's heading bar and code block come back as a
// picture of their colour behind the text at their place; a word's highlight and a table's shaded cell do
// not. A box with no text on it is drawn since the thirteenth pass, by lone-fills.ts (after the others).
import { rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { Document, Packer } from 'docx';
import { pageSections } from './build-docx';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { documentXml, mediaParts } from '@/tests/support/pdf-to-docx/docx-parts';

test('a heading bar and a code block are drawn behind their text, a highlight is not, a bare box after them', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  // Sphinx's heading bar: light blue, 430 pt wide, the heading on it
  page.drawRectangle({ x: 50, y: 700, width: 430, height: 26, color: rgb(0.75, 0.82, 0.91) });
  page.drawText('Contents', { x: 56, y: 706, size: 18, font });
  page.drawText('This document describes the packaging of Python within Debian.', { x: 50, y: 680, size: 10, font });
  // a code block: a grey box with two lines of code
  page.drawRectangle({ x: 50, y: 620, width: 400, height: 40, color: rgb(0.93, 0.93, 0.93) });
  page.drawText('npm install underscore', { x: 56, y: 645, size: 9, font });
  page.drawText('bower install underscore', { x: 56, y: 630, size: 9, font });
  // a word's highlight (narrow) and a wide box with nothing on it
  page.drawRectangle({ x: 50, y: 598, width: 40, height: 12, color: rgb(1, 1, 0.6) });
  page.drawText('Marked words stay as they are.', { x: 50, y: 600, size: 10, font });
  page.drawRectangle({ x: 50, y: 500, width: 400, height: 30, color: rgb(0.9, 0.5, 0.5) });
  const sections = await pageSections(await extractFirstPage(await doc.save()), true);
  const docx = await Packer.toBuffer(new Document({ sections }));
  const xml = documentXml(docx);
  const anchors = [...xml.matchAll(/<wp:anchor[^>]*behindDoc="1"[\s\S]*?<\/wp:anchor>/g)].map((m) => m[0]);
  expect(anchors).toHaveLength(3);
  const EMU = 12700;
  const at = (a: string) =>
    [...a.matchAll(/<wp:posOffset>(-?\d+)<\/wp:posOffset>/g)].map((m) => Math.round(+m[1] / EMU));
  // the bar at (50, 792 - 726) and the code block at (50, 792 - 660), page coordinates from the top
  // and the bare box at (50, 792 - 530)
  expect(anchors.map(at)).toEqual([
    [50, 66],
    [50, 132],
    [50, 262],
  ]);
  // their colours, in that order
  const colours = await Promise.all(
    Object.values(mediaParts(docx)).map(async (png) => [...(await sharp(png).raw().toBuffer()).subarray(0, 3)]),
  );
  expect(colours).toEqual([
    [191, 209, 232],
    [237, 237, 237],
    [230, 128, 128],
  ]);
  // each text is once in the document
  expect(xml.match(/>Contents</g)).toHaveLength(1);
  expect(xml.match(/npm install underscore/g)).toHaveLength(1);
});
