// A figure in one column of a two-column page (issue 19, eleventh pass: lammps' oxDNA article, Fig. 1): the
// columns are a layout table and the drawing's picture floated from inside a cell. LibreOffice measures a
// float's page offsets from the cell, and the figure was drawn at the page's foot over the text; Word
// ignores frames in a cell, so its labels came after it as lines. The picture and its label frames now
// stand at the page's level, before the table; the cell keeps the drawing's room.
import type { PageData, TextRun } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const prose = 'the model consists of rigid nucleotides with three interaction sites for';

function twoColumnsWithFigure(): PageData {
  const runs: TextRun[] = [];
  for (let y = 72; y <= 700; y += 12) {
    if (y < 300 || y > 500) runs.push(textRun(prose, 56, y, 236, { eol: true }));
    runs.push(textRun(prose, 320, y, 236, { eol: true }));
  }
  const labels = [textRun('(a)', 60, 330, 12), textRun('V stack', 150, 470, 30)];
  const figure = {
    x: 56,
    y: 315,
    w: 230,
    h: 170,
    encoded: { type: 'png' as const, data: new Uint8Array(8), dpi: 220 },
    labels,
  };
  return { width: 612, height: 792, runs, images: [figure], segments: [], fills: [], links: [] };
}

test("a drawing in a column's cell floats from the page's level, its labels framed there too", async () => {
  const xml = await sectionsXml(await pageSections(twoColumnsWithFigure(), true));
  const table = xml.indexOf('<w:tbl>');
  expect(table).toBeGreaterThan(0);
  const before = xml.slice(0, table);
  // the picture at its place on the page, anchored before the table, not in it
  expect(before).toMatch(/<wp:anchor [^>]*layoutInCell="0"/);
  expect(before).toMatch(/<wp:positionV relativeFrom="page"><wp:posOffset>4000500<\/wp:posOffset>/);
  expect(xml.slice(table)).not.toMatch(/<wp:anchor /);
  // its labels are framed before the table too
  for (const label of ['(a)', 'V stack'])
    expect(before).toMatch(new RegExp(`<w:framePr [^>]*>.*?${label.replace(/[()]/g, '\\$&')}`, 's'));
  // and both columns' text is in the table
  expect(xml.slice(table).split(prose).length - 1).toBeGreaterThan(80);
});
