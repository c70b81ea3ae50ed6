// A web page's fixed sidebar is a drawing (its rounded scroll bar, its shadow); the left rules of the code
// blocks beside it, 5 pt across the gutter, and a link's underline joined it (issue 19, tenth pass:
// underscore.js's docs), and the first word of each line of the column ("var", "find") became one of the
// picture's labels, the rest of the line text beside it: the column came out in side-by-side pieces.
import { StandardFonts, rgb } from 'pdf-lib';
import { layoutPage } from './layout';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('lines of text across the side of a sidebar drawing are not its labels', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  const mono = await doc.embedFont(StandardFonts.Courier);
  // the sidebar: a frame with a rounded scroll bar (curves) and its short entries
  page.drawRectangle({ x: 20, y: 40, width: 160, height: 712, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 1 });
  page.drawSvgPath('M 0 0 C 0 -4 6 -4 6 0 L 6 300 C 6 304 0 304 0 300 Z', {
    x: 170,
    y: 400,
    color: rgb(0.7, 0.7, 0.7),
  });
  const entries = ['each', 'map', 'reduce', 'find', 'filter', 'where', 'reject', 'every', 'some', 'max'];
  entries.forEach((e, i) => page.drawText(`- ${e}`, { x: 30, y: 720 - 14 * i, size: 8, font }));
  // the column beside it: a code block's left rule 5 pt from the sidebar, and a link's underline
  page.drawRectangle({ x: 185, y: 600, width: 3, height: 60, color: rgb(0.73, 0.73, 0.73) });
  page.drawLine({ start: { x: 185, y: 520 }, end: { x: 230, y: 520 }, thickness: 0.6, color: rgb(0.2, 0.2, 0.6) });
  const code = ['list = [[0, 1], [2, 3], [4, 5]];', 'flat = _.reduceRight(list, concat, []);', 'even = _.find(list);'];
  code.forEach((c, i) => {
    page.drawText('var', { x: 196, y: 645 - 14 * i, size: 9, font: mono });
    page.drawText(c, { x: 216, y: 645 - 14 * i, size: 9, font: mono });
  });
  page.drawText('find', { x: 193, y: 560, size: 11, font });
  page.drawText('_.find(list, predicate, [context])', { x: 222, y: 560, size: 9, font: mono });
  page.drawText('filter', { x: 193, y: 524, size: 11, font });
  page.drawText('_.filter(list, predicate, [context])', { x: 225, y: 524, size: 9, font: mono });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  // the sidebar is still one picture with its entries over it, but no word of the column
  expect(pictures[0].x + pictures[0].w).toBeLessThan(193);
  expect(pictures[0].labels?.map((r) => r.str)).toEqual(expect.arrayContaining(['- each', '- max']));
  expect(pictures[0].labels?.some((r) => ['var', 'find', 'filter'].includes(r.str))).toBe(false);
  const lines = layoutPage(p, false).lines.map((l) => l.runs.map((r) => r.str).join(' '));
  expect(lines).toEqual(expect.arrayContaining(['var list = [[0, 1], [2, 3], [4, 5]];', 'var even = _.find(list);']));
  expect(lines).toEqual(expect.arrayContaining(['find _.find(list, predicate, [context])']));
}, 60_000);
