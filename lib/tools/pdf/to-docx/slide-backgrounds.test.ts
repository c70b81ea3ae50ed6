// Pictures the text is printed over (issue 19, eighth pass: office-made PDFs): a slide's background picture,
// a banner under its title, a rule picture under a highlighted box. In the flow each took its own height
// and the text over it came after it, so a slide ran onto two or three Word pages (LibreOffice's exports
// of the corpus decks: 23 Word pages for 10 slides). They are drawn behind the text at their place.
import type { PageData, PageImage, RawPixels } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const pixels = (v: number): RawPixels => ({
  width: 16,
  height: 12,
  channels: 3,
  data: new Uint8Array(16 * 12 * 3).fill(v),
});

/** A 720 x 540 slide: a picture filling it, a banner under the title, a rule picture with a smaller
 * picture lying on it, and a photo beside the text with nothing over it. */
function slide(): PageData {
  const images: PageImage[] = [
    { x: 0, y: 0, w: 720, h: 540, raw: pixels(200) }, // 0: the background
    { x: -20, y: -8, w: 560, h: 150, raw: pixels(90) }, // 1: a banner under the title, off the page's corner
    { x: 0, y: 180, w: 700, h: 60, raw: pixels(60) }, // 2: a rule picture ...
    { x: 40, y: 200, w: 600, h: 30, raw: pixels(30) }, // 3: ... with a box lying on it
    { x: 460, y: 300, w: 200, h: 150, raw: pixels(120) }, // 4: a photo beside the text
  ];
  const runs = [
    textRun('How effective communication can', 100, 80, 400, { size: 30, eol: true }),
    textRun('help evaluation', 100, 120, 200, { size: 30, eol: true }),
  ];
  // seven points: the last runs past the photo's bottom, so the photo is not at the page's foot (foot-pictures.ts)
  for (let i = 0; i < 7; i++)
    runs.push(textRun(`Point number ${i + 1} of the slide`, 60, 320 + 24 * i, 200, { size: 16, eol: true }));
  return { width: 720, height: 540, runs, images, segments: [], fills: [], links: [] };
}

test('pictures with text or a smaller picture over them are backgrounds; the photo beside the text is not', () => {
  const layout = layoutPage(slide(), false);
  expect(layout.icons.sort()).toEqual([0, 1, 2]);
  const placed = layout.blocks.flatMap((b) => b.items).filter((it) => it.kind === 'image');
  expect(placed.map((it) => it.kind === 'image' && it.index).sort()).toEqual([3, 4]);
  // the margins come from what flows: the banner reaching off the page does not make them 0
  expect(layout.content.y).toBeGreaterThan(40);
});

test('the backgrounds float behind the text at their place; the other pictures stay in the flow', async () => {
  const xml = await sectionsXml(await pageSections(slide(), true));
  const anchors = xml.match(/<wp:anchor [^>]*>/g) ?? [];
  expect(anchors).toHaveLength(3);
  for (const a of anchors) expect(a).toMatch(/behindDoc="1"/);
  expect(xml.match(/<wp:inline /g)).toHaveLength(2);
  // the banner at its place: 20 pt left of the page's edge, 8 pt above it (EMU)
  expect(xml).toMatch(/<wp:positionH relativeFrom="page"><wp:posOffset>-254000<\/wp:posOffset>/);
  expect(xml).toMatch(/How effective communication can/);
});
