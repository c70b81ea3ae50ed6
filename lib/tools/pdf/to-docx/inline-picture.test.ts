// A picture set in a sentence (issue 19, ninth pass: a Word-made lab guide shows the macOS search field in
// "you can spotlight search [picture] for 'terminal'", a menu's screenshot in "are on MacOS [picture], and
// type"): in the flow it took a block of its own between the line's halves and the page ran over. It is
// drawn at its place behind the text; a figure between paragraphs and a picture beside a line stay in the flow.
import type { PageData, TextRun } from '../pdfjs/protocol';
import { layoutPage } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const picture = (x: number, y: number, w: number, h: number) => ({
  x,
  y,
  w,
  h,
  encoded: { type: 'png' as const, data: new Uint8Array(8), dpi: 200 },
});

function page(): PageData {
  const runs: TextRun[] = [
    textRun('Open a terminal on your workstation (you can spotlight search', 72, 100, 300, { size: 11 }),
    textRun('for "terminal" if you', 400, 100, 100, { size: 11, eol: true }),
    textRun('are on MacOS', 72, 190, 70, { size: 11 }),
    textRun(', and type "ansible --version". You should see', 270, 190, 230, { size: 11, eol: true }),
    textRun('2.9 or later:', 72, 205, 60, { size: 11, eol: true }),
    textRun('A paragraph after the figure, long enough to be read as a line of prose.', 72, 420, 400, {
      size: 11,
      eol: true,
    }),
    textRun('Caption beside a photo', 300, 600, 120, { size: 11, eol: true }),
  ];
  const images = [
    picture(378, 88, 20, 14), // the search field, its bottom on the baseline at 100
    picture(146, 110, 122, 82), // the menu, standing on the baseline at 190
    picture(72, 220, 300, 180), // a figure between paragraphs
    picture(72, 520, 200, 82), // a photo whose bottom is on the caption's baseline, text on one side only
  ];
  return { width: 595, height: 842, runs, images, segments: [], fills: [], links: [] };
}

test('pictures in a sentence float at their place; a figure and a photo beside a caption flow', () => {
  const layout = layoutPage(page(), false);
  expect(layout.icons.sort()).toEqual([0, 1]);
  const flowing = layout.blocks.flatMap((b) => b.items).flatMap((it) => (it.kind === 'image' ? [it.index] : []));
  expect(flowing.sort()).toEqual([2, 3]);
});

test("a picture that ends a line in its column floats at its place; one beside the end of a column's line flows", () => {
  // xfig's manual (htmldoc): the library menu's screenshot stands on the baseline of "subdirectories:", the
  // paragraph's other lines run on past it. In the flow it took a block of its own under the line, 102 pt
  // of room above the line and as much again below it: the page ran over (11 Word pages for 10).
  const runs: TextRun[] = [
    textRun('A diamond on the left side of the menu entry indicates that objects are at that level in', 108, 290, 430, {
      size: 11,
      eol: true,
    }),
    textRun('subdirectories:', 108, 395, 66, { size: 11, eol: true }),
    textRun('The size of the icons may be chosen from a pulldown menu. The options are 40, 60, 80.', 108, 408, 420, {
      size: 11,
      eol: true,
    }),
    // two columns: the left column's lines end at 290, a photo in the right column stands on one's baseline
    textRun('A left column line of prose that reaches its gutter', 72, 600, 218, { size: 11 }),
    textRun('and the next line of the left column of prose here', 72, 613, 218, { size: 11 }),
    // a slide's logo past the end of its title, the bullets under it running on past its left edge only
    textRun('OUR TALENT APPROACH', 72, 470, 300, { size: 24, eol: true }),
    textRun('We believe that growing our business goes hand in hand with our people', 72, 500, 420, { size: 16 }),
  ];
  const images = [picture(178, 292, 192, 103), picture(300, 520, 220, 93), picture(400, 450, 102, 20)];
  const layout = layoutPage({ width: 612, height: 792, runs, images, segments: [], fills: [], links: [] }, false);
  expect(layout.icons).toEqual([0]);
  const flowing = layout.blocks.flatMap((b) => b.items).flatMap((it) => (it.kind === 'image' ? [it.index] : []));
  expect(flowing.sort()).toEqual([1, 2]);
});
