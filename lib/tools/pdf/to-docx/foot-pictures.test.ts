// A picture at the foot of a page with nothing after it (issue 19, ninth pass: office-made PDFs): a row of
// charts closing a slide, a slide's logo in its bottom corner. In the flow it was the first thing pushed onto another Word page when the text
// above came out taller in Word (LibreOffice's export of p4's slides: a Word page holding only the logo after
// 4 of 10 slides). It is drawn at its place behind the text; a picture with text after it stays in the flow.
import { execFileSync } from 'node:child_process';
import type { PageData, RawPixels } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { readBackSections, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const pixels = (v: number): RawPixels => ({ width: 16, height: 8, channels: 3, data: new Uint8Array(384).fill(v) });

/** A 780 x 540 slide: a title, a list whose lines overlap a little (set tighter than their size, as a
 * slide's autofit does), a photo with a caption under it, and a row of two charts closing the slide (no
 * footer under them: a slide number and a logo in the foot are footer-lines.ts's). */
function slide(): PageData {
  const runs = [textRun('Overview of the talk', 36, 50, 300, { size: 32, eol: true })];
  for (let i = 0; i < 8; i++)
    runs.push(textRun(`A point of the list, number ${i + 1}`, 60, 110 + 22 * i, 260, { size: 24, eol: true }));
  runs.push(textRun('A caption under the photo', 460, 230, 160, { size: 12, eol: true }));
  const images = [
    { x: 40, y: 326, w: 300, h: 200, raw: pixels(40) }, // 0: a chart ...
    { x: 420, y: 326, w: 300, h: 200, raw: pixels(80) }, // 1: ... and another beside it
    { x: 460, y: 100, w: 200, h: 110, raw: pixels(120) }, // 2: a photo with its caption under it
  ];
  return { width: 780, height: 540, runs, images, segments: [], fills: [], links: [] };
}

test('the charts nothing follows are at the foot; the photo with its caption under it is not', () => {
  const layout = layoutPage(slide(), false);
  expect(layout.foot).toEqual([0, 1]);
  const placed = layout.blocks.flatMap((b) => b.items).filter((it) => it.kind === 'image');
  expect(placed.map((it) => it.kind === 'image' && it.index)).toEqual([2]);
  // the margins still come from everything on the page, the charts too
  expect(layout.content.y + layout.content.h).toBeCloseTo(526, 0);
});

test('the charts float behind the text at their place; the photo stays in the flow', async () => {
  const xml = await sectionsXml(await pageSections(slide(), true));
  const anchors = xml.match(/<wp:anchor [^>]*>/g) ?? [];
  expect(anchors).toHaveLength(2);
  for (const a of anchors) expect(a).toMatch(/behindDoc="1"/);
  expect(xml).toMatch(/<wp:positionV relativeFrom="page"><wp:posOffset>4140200<\/wp:posOffset>/); // 326 pt
  expect(xml.match(/<wp:inline /g)).toHaveLength(1);
});

test('read back by LibreOffice, the slide stays one page with the charts on it', async () => {
  await readBackSections(await pageSections(slide(), true), (pdf) => {
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    const list = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(list.map((l) => l.trim().split(/\s+/)[0])).toEqual(['1', '1', '1']);
  });
}, 120_000);
