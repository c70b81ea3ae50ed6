// A running head's page number in the right margin (issue 19, eleventh pass: an R vignette's "7" past the
// text's right edge, on a page whose body ends short of it): the gutter before it runs the page's height,
// and because the page held a picture the XY-cut made it a column. The body went into a layout table's
// cell, where Word and LibreOffice ignore the plot's framed labels: they ran as lines under the picture
// and the page became two. A lone line with no picture or table at its height is no column; a line beside
// a picture still is. (Since the lead's marginNumbers, such a number is framed at its place.)
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
    textRun('Achim Zeileis, Torsten Hothorn, Kurt Hornik', 193, 75, 216, { italic: true, eol: true }),
    textRun('7', 522, 75, 5, { eol: true }),
  ];
  for (let i = 0; i < 8; i++)
    runs.push(textRun(`1) x1 <= 0.8255248; criterion = ${i}`, 81, 110 + 13 * i, 300, { eol: true }));
  runs.push(textRun('Figure 1: A graphical representation of a classification tree.', 157, 665, 285, { eol: true }));
  runs.push(
    textRun('Each node can be extracted by its node number, i.e., the root node is', 81, 705, 333, { eol: true }),
  );
  return { width: 595, height: 842, runs, images: [picture(99, 395, 392, 236)], segments: [], fills: [], links: [] };
}

test('a page number in the margin beside the running head is not a column', () => {
  const { tree, edgeLines } = layoutPage(page(), false);
  expect(tree?.kind).toBe('rows');
  // framed at its place (footer-lines.ts marginNumbers), out of the flow and of the text area's width
  expect(edgeLines.map((l) => l.runs.map((r) => r.str).join(''))).toContain('7');
});

test('a line beside a picture is still a column of its own', () => {
  const p: PageData = {
    width: 595,
    height: 842,
    runs: [textRun('ACME Ltd, 1 Long Road, Springfield', 300, 130, 200, { eol: true })],
    images: [picture(72, 100, 120, 60)],
    segments: [],
    fills: [],
    links: [],
  };
  expect(layoutPage(p, false).tree?.kind).toBe('cols');
});
