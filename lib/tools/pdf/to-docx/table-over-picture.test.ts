// A picture a table is drawn over (issue 19, ninth pass: office-made PDFs): a slide's title rule, a picture
// with much empty room around its swoosh, lies under the top of the table that follows. In the flow the
// table came after the picture's whole box, 50 pt lower than printed, and ran onto another Word page. It
// is drawn behind at its place, as a picture with text over it is; a picture beside a table is not.
import { execFileSync } from 'node:child_process';
import type { PageData, RawPixels, Segment } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { readBackSections } from '@/tests/support/pdf-to-docx/docx-parts';

const pixels = (v: number): RawPixels => ({ width: 16, height: 8, channels: 3, data: new Uint8Array(384).fill(v) });
const h = (y: number): Segment => ({ x1: 20, y1: y, x2: 600, y2: y });
const v = (x: number): Segment => ({ x1: x, y1: 94, x2: x, y2: 500 });

/** A 780 x 540 slide: a title, the title rule picture (0-733 x 69-144), a table from 94 to 500 whose
 * second row holds a list. */
function slide(): PageData {
  const runs = [
    textRun('Marketing in evaluation', 20, 45, 300, { size: 28, eol: true }),
    textRun('Principle', 24, 106, 60, { size: 11, eol: true }),
    textRun('Applied to evaluation', 124, 106, 140, { size: 11, eol: true }),
    textRun('Understand the market', 24, 126, 90, { size: 11, eol: true }),
  ];
  for (let i = 0; i < 20; i++)
    runs.push(
      textRun(`A point of the list in the cell, number ${i + 1}`, 124, 126 + 16 * i, 300, { size: 11, eol: true }),
    );
  const images = [
    { x: 0, y: 69, w: 733, h: 75.5, raw: pixels(60) }, // 0: the title rule under the table's top
  ];
  const segments = [h(94), h(112), h(500), v(20), v(120), v(600)];
  return { width: 780, height: 540, runs, images, segments, fills: [], links: [] };
}

test('the picture under the table is drawn behind it, out of the flow', () => {
  const layout = layoutPage(slide(), false);
  expect(layout.icons).toEqual([0]);
  const placed = layout.blocks.flatMap((b) => b.items);
  expect(placed.filter((it) => it.kind === 'image')).toEqual([]);
  expect(placed.filter((it) => it.kind === 'table')).toHaveLength(1);
});

test('a picture beside a table, or one the table only touches, stays in the flow', () => {
  const page = slide();
  page.images = [
    { x: 620, y: 200, w: 140, h: 100, raw: pixels(120) }, // beside
    { x: 0, y: 60, w: 733, h: 40, raw: pixels(60) }, // 6 of its 40 pt under the table's top
  ];
  expect(layoutPage(page, false).icons).toEqual([]);
});

test('read back by LibreOffice, the slide stays one page, the table where it was', async () => {
  await readBackSections(await pageSections(slide(), true), (pdf) => {
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/number 20/);
    // the table's first row at its place (94 pt), not below the picture's box (144 pt)
    const bbox = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    const yMin = Number(/yMin="([\d.]+)"[^>]*>Principle</.exec(bbox)?.[1]);
    expect(yMin).toBeGreaterThan(90);
    expect(yMin).toBeLessThan(110);
  });
}, 120_000);
