// A slide whose background is a dark rectangle filling the page, with white text on it (issue 19, sixth
// pass: groff/mom's title slide came out white on white): the colour is drawn behind the text. A page-sized
// fill behind dark text is left out as before (its colour is not always what shows: a pattern, an image).
import { Document, Packer } from 'docx';
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { documentXml, mediaParts } from '@/tests/support/pdf-to-docx/docx-parts';

function slide(textColor: string): PageData {
  return {
    width: 792,
    height: 445.5,
    runs: [
      textRun('Creating slide presentations', 300, 200, 190, { size: 14, color: textColor, eol: true }),
      textRun('with gropdf and mom', 330, 220, 130, { size: 14, color: textColor, eol: true }),
    ],
    images: [],
    segments: [],
    fills: [{ x: 0, y: 0, w: 792, h: 445.5, color: '#000000' }],
    links: [],
  };
}

async function documentParts(page: PageData): Promise<{ xml: string; media: string[] }> {
  const docx = await Packer.toBuffer(new Document({ sections: await pageSections(page, true) }));
  return { xml: documentXml(docx), media: Object.keys(mediaParts(docx)) };
}

test('white text on a page-filling dark rectangle gets the colour behind it, over the whole page', async () => {
  const { xml, media } = await documentParts(slide('#ffffff'));
  expect(xml.match(/<wp:anchor /g)).toHaveLength(1);
  expect(xml).toMatch(/behindDoc="1"/);
  expect(xml).toMatch(/<wp:extent cx="10058400" cy="5657850"\/>/); // 792 x 445.5 pt in EMU
  expect(media).toHaveLength(1);
  expect(xml).toMatch(/Creating slide presentations/);
});

test('dark text on a page-sized fill: no picture behind it', async () => {
  const { xml, media } = await documentParts(slide('#000000'));
  expect(xml).not.toMatch(/<wp:anchor /);
  expect(media).toHaveLength(0);
});
