// Filled boxes behind light text (issue 19, ninth pass: office-made PDFs): a slide's coloured text boxes,
// white words on tan panels. A fill outside a table was dropped, so the words were white on the white page.
// Such a fill is drawn behind its text; a fill under dark text, a table's shading and the page-filling
// colour are not drawn here.
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textBoxFills } from './text-box-fills';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const white = { size: 16, color: '#ffffff', eol: true };

/** A 720 x 405 slide: a tan panel of white text reaching past the page's bottom, the same panel drawn
 * twice, a pale panel of dark text, a small ruled table with a dark shaded cell of white text. */
function slide(): PageData {
  const runs = [textRun('THE BENEFITS WE ARE SEEKING', 43, 40, 331, { size: 18, color: '#b9975b', eol: true })];
  for (let i = 0; i < 8; i++) runs.push(textRun(`Better development, point ${i + 1}`, 40, 90 + 20 * i, 200, white));
  for (let i = 0; i < 3; i++) runs.push(textRun(`A dark word on pale, ${i + 1}`, 340, 90 + 20 * i, 200, { size: 16 }));
  runs.push(textRun('Cell', 352, 316, 30, white), textRun('Other', 452, 316, 30, { size: 16 }));
  const fills = [
    { x: 31, y: 70, w: 279, h: 360, color: '#b9975b' }, // past the bottom (405)
    { x: 31, y: 70, w: 279, h: 360, color: '#b9975b' }, // drawn twice
    { x: 328, y: 70, w: 360, h: 80, color: '#dddddd' },
    { x: 340, y: 300, w: 100, h: 20, color: '#1f3864' }, // a table's shaded cell
  ];
  const h = (y: number) => ({ x1: 340, y1: y, x2: 540, y2: y });
  const v = (x: number) => ({ x1: x, y1: 300, x2: x, y2: 340 });
  const segments = [h(300), h(320), h(340), v(340), v(440), v(540)];
  return { width: 720, height: 405, runs, images: [], segments, fills, links: [] };
}

test('only the panel under light text is a text box fill, once, cut to the page', () => {
  const table = { x: 340, y: 300, w: 200, h: 40 };
  expect(textBoxFills(slide(), [table])).toEqual([{ x: 31, y: 70, w: 279, h: 335, color: '#b9975b' }]);
});

test('in the DOCX it is a picture behind the text at its place; the words stay text', async () => {
  const xml = await sectionsXml(await pageSections(slide(), true));
  const anchors = xml.match(/<wp:anchor [^>]*>/g) ?? [];
  // the tan panel, and the pale one under dark text, which is shaded-boxes.ts's
  expect(anchors).toHaveLength(2);
  for (const a of anchors) expect(a).toMatch(/behindDoc="1"/);
  expect(xml).toMatch(/<wp:positionH relativeFrom="page"><wp:posOffset>393700<\/wp:posOffset>/); // 31 pt
  expect(xml).toMatch(/Better development, point 8/);
  // the table's cell keeps its own shading
  expect(xml).toMatch(/<w:shd [^>]*w:fill="1f3864"/);
});

test("a black box under a cream one (a web page's menu with its border) is not its pink links' fill", () => {
  const runs = ['Home', 'Introduction', 'Documentation', 'Downloads', 'FAQ'].map((s, i) =>
    textRun(s, 66, 273 + 13.5 * i, 60, { size: 10, color: '#a06060', eol: true }),
  );
  runs.push(textRun('Main Menu', 76, 211, 50, { size: 10, eol: true }));
  const fills = [
    { x: 32.2, y: 196.5, w: 150, h: 567.7, color: '#000000' },
    { x: 33.7, y: 198, w: 147, h: 18, color: '#eecfa1' },
    { x: 33.7, y: 216.7, w: 147, h: 343.5, color: '#fffacd' },
  ];
  const page: PageData = { width: 612, height: 792, runs, images: [], segments: [], fills, links: [] };
  expect(textBoxFills(page, [])).toEqual([]);
  // the same links straight on the black box: it is their fill
  expect(textBoxFills({ ...page, fills: fills.slice(0, 1) }, [])).toHaveLength(1);
});
