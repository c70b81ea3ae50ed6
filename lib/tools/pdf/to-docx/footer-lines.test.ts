// A page's footer (issue 19, ninth pass): "3 | Page" under a Word-made page's body sat in the flow after
// it, so a body a little taller in Word (a substitute font) pushed the footer onto a Word page of its own,
// page after page. It is framed at its place, out of the flow; the body's last line, a footnote above the
// page number and a page with no footer keep their places in the flow.
import type { PageData, TextRun } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

function page(foot: TextRun[], bodyLines = 40): PageData {
  const runs: TextRun[] = [];
  for (let i = 0; i < bodyLines; i++)
    runs.push(
      textRun(`Line ${i + 1} of the body, long enough to read as prose in a paragraph.`, 72, 90 + 16 * i, 440, {
        size: 11,
        eol: true,
      }),
    );
  return { width: 595, height: 842, runs: [...runs, ...foot], images: [], segments: [], fills: [], links: [] };
}
const text = (ls: { runs: TextRun[] }[]) => ls.map((l) => l.runs.map((r) => r.str).join(''));

test('the page number under the body is framed; the body flows', () => {
  const foot = [textRun('3 | Page', 480, 800, 40, { size: 12, eol: true })];
  const layout = layoutPage(page(foot), false);
  expect(text(layout.edgeLines)).toEqual(['3 | Page']);
  expect(layout.blocks.flatMap((b) => b.items).filter((it) => it.kind === 'line')).toHaveLength(40);
});

test('a two-line foot in three pieces is framed whole', () => {
  const foot = [
    textRun('Cisco Confidential', 72, 790, 80, { size: 8 }),
    textRun('Page 4 of 16', 460, 790, 50, { size: 8, eol: true }),
    textRun('© 2020 Cisco and/or its affiliates', 72, 800, 140, { size: 8, eol: true }),
  ];
  expect(text(layoutPage(page(foot), false).edgeLines).sort()).toEqual(
    ['© 2020 Cisco and/or its affiliates', 'Cisco Confidential', 'Page 4 of 16'].sort(),
  );
});

test('a logo in the foot floats at its place with the footer; a picture in the body stays in the flow', () => {
  const data = page([textRun('5 | Page', 480, 800, 40, { size: 12, eol: true })], 30);
  const picture = (x: number, y: number, w: number, h: number) => ({
    x,
    y,
    w,
    h,
    encoded: { type: 'png' as const, data: new Uint8Array(8), dpi: 200 },
  });
  data.images = [picture(72, 600, 200, 100), picture(72, 780, 60, 30)];
  const layout = layoutPage(data, false);
  expect(text(layout.edgeLines)).toEqual(['5 | Page']);
  expect(layout.icons).toEqual([1]);
  const flowing = layout.blocks.flatMap((b) => b.items).filter((it) => it.kind === 'image');
  expect(flowing.map((it) => (it.kind === 'image' ? it.index : -1))).toEqual([0]);
});

test('no footer: the body reaching the foot, a line close under the body, a page number under a footnote', () => {
  // the body runs down to the foot of the page: its last line is not a footer
  expect(layoutPage(page([], 46), false).edgeLines).toEqual([]);
  // a line right under the body (a paragraph's spacing, not a gap) is the body's
  const close = [textRun('The last paragraph of the page.', 72, 730, 160, { size: 11, eol: true })];
  expect(layoutPage(page(close, 40), false).edgeLines).toEqual([]);
  // a footnote above the page number: the number is framed, the footnote stays in the flow
  const noted = [
    textRun('1 A footnote to the body, set smaller.', 72, 760, 170, { size: 8, eol: true }),
    textRun('12', 290, 805, 10, { size: 10, eol: true }),
  ];
  expect(text(layoutPage(page(noted, 40), false).edgeLines)).toEqual(['12']);
});

test('the footer is a framed paragraph at its place', async () => {
  const xml = await sectionsXml(
    await pageSections(page([textRun('3 | Page', 480, 800, 40, { size: 12, eol: true })]), true),
  );
  const framed = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*<w:framePr [^>]*>(?:(?!<\/w:p>).)*<\/w:p>/gs)].map((m) =>
    m[0].replace(/<[^>]+>/g, ''),
  );
  expect(framed).toEqual(['3 | Page']);
});

// A running head's page number past the body's right edge (FrameMaker's OpenSM release notes, an R vignette):
// a column of its own put the body in a layout table's cell; as a line of the flow it widened the text area
// to the margin's edge, and the page's tables and lines came out wider, the page shorter. It is framed.
test('a page number in the right margin at the top is framed and sets no margin', () => {
  const head = [textRun('OpenSM Release Notes', 72, 40, 100, { size: 8, eol: true }), textRun('3', 540, 52, 5)];
  const layout = layoutPage(page(head), false);
  expect(text(layout.edgeLines)).toEqual(['3']);
  expect(layout.tree?.kind).not.toBe('cols');
  // the text area ends at the body's right edge (72 + 440), not at the number's
  expect(layout.content.x + layout.content.w).toBeLessThan(520);
  // a number flush with the body's right edge stays a line of the flow
  const flush = layoutPage(page([textRun('Chapter 1', 72, 40, 60), textRun('12', 500, 40, 12)]), false);
  expect(text(flush.edgeLines)).toEqual([]);
});
