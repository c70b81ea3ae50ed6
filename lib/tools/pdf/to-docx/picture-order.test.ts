// Pictures behind the text are stacked by size, the smaller in front (issue 19, tenth pass: a dark slide's
// photos, screenshots and diagrams were drawn under the picture of its background colour, which the docx
// package stacked by height, so the page-sized fill covered them: a LibreOffice export of a talk, black
// slides with the speakers' photos).
import type { PageData, RawPixels } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const pixels = (v: number): RawPixels => ({ width: 20, height: 20, channels: 3, data: new Uint8Array(1200).fill(v) });

function darkSlide(): PageData {
  const white = { size: 28, color: '#ffffff', eol: true };
  return {
    width: 720,
    height: 540,
    runs: [
      textRun('How we refactor, and how we know it', 40, 60, 400, white),
      textRun('Emerson, Portland State', 400, 300, 200, { ...white, size: 14 }),
    ],
    // a speaker's photo closing the slide (it floats behind the text at its place)
    images: [{ x: 620, y: 440, w: 70, h: 80, raw: pixels(200) }],
    segments: [],
    fills: [{ x: 0, y: 0, w: 720, h: 540, color: '#000000' }],
    links: [],
  };
}

test("a dark slide's photo is stacked in front of the slide's background colour", async () => {
  const xml = await sectionsXml(await pageSections(darkSlide(), true));
  const anchors = [...xml.matchAll(/relativeHeight="(\d+)".*?<wp:extent cx="(\d+)"/g)].map((m) => ({
    z: Number(m[1]),
    w: Number(m[2]),
  }));
  expect(anchors).toHaveLength(2);
  const [fill, photo] = [...anchors].sort((a, b) => b.w - a.w);
  expect(photo.z).toBeGreaterThan(fill.z);
});
