// Pictures overlapping each other on a page laid out in bands (issue 19, eighth pass: a slide of two
// screenshots, one partly over the other, exported by LibreOffice): in the flow the second was stacked
// below the first and the slide ran onto other pages. In bands every piece is at its place: every picture
// floats there (issue 19, tenth pass: a picture below the others stayed in the flow, and on a slide's grid
// of six charts the first of each row took its place in the flow: 13 Word pages for 8 slides).
import type { PageData, RawPixels } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const pixels = (v: number): RawPixels => ({ width: 20, height: 20, channels: 3, data: new Uint8Array(1200).fill(v) });

function slide(): PageData {
  return {
    width: 720,
    height: 405,
    runs: [textRun('Example of a talent card', 40, 30, 200, { size: 18, eol: true })],
    images: [
      { x: 40, y: 50, w: 330, h: 300, raw: pixels(80) },
      { x: 300, y: 70, w: 330, h: 300, raw: pixels(160) }, // over the first one's right part
      { x: 640, y: 370, w: 40, h: 30, raw: pixels(40) }, // a logo below both
    ],
    segments: [],
    fills: [],
    links: [],
  };
}

test('every picture of a page in bands floats at its place', async () => {
  const xml = await sectionsXml(await pageSections(slide(), true));
  // the page is in bands: its line is framed at its place
  expect(xml).toMatch(/<w:framePr [^>]*>.*Example of a talent card/s);
  const anchors = xml.match(/<wp:anchor [^>]*>/g) ?? [];
  expect(anchors).toHaveLength(3);
  // at its place: 300 pt from the page's left edge, 70 pt from its top (EMU)
  expect(xml).toMatch(/<wp:positionH relativeFrom="page"><wp:posOffset>3810000<\/wp:posOffset>/);
  expect(xml).toMatch(/<wp:positionV relativeFrom="page"><wp:posOffset>889000<\/wp:posOffset>/);
  expect(xml).not.toMatch(/<wp:inline /);
});
