// A table ruled in part (issue 19, twenty-third pass: graphviz's HTML-like labels in its dot guide). A cell
// with no rule under it whose text stands across the line between its rows covers them ("hello" over
// "world", three rows high beside a nested row): it had come out a stack of cells, each with a part of the
// text. A side without a rule has no border (a full grid was drawn), and a table set in from the margin
// keeps its place (it was set against the margin).
import { execFileSync } from 'node:child_process';
import type { PageData, Segment } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { readBackSections, runsText, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const rule = (x1: number, y1: number, x2: number, y2: number): Segment => ({
  x1,
  y1,
  x2,
  y2,
  width: 1,
  color: '#000000',
});
const word = (str: string, x: number, y: number, w: number) => textRun(str, x, y, w, { size: 14, font: 'Times-Roman' });

function labels(): PageData {
  const [x0, x1, x2, x3, x4, x5, x6] = [240.1, 283.1, 300.1, 318.1, 335.1, 353.1, 371.1];
  const [y0, y1, y2, y3] = [505.9, 530.9, 555.9, 580.9];
  const segments = [
    rule(x0, y0, x6, y0),
    rule(x0, y3, x6, y3),
    ...[x0, x1, x4, x5, x6].map((x) => rule(x, y0, x, y3)),
    rule(x1, y1, x4, y1),
    rule(x1, y2, x4, y2),
    rule(x2, y1, x2, y2),
    rule(x3, y1, x3, y2),
  ];
  const runs = [
    textRun('The table below is drawn by dot from an HTML-like label with cells that span rows.', 72, 480, 420, {
      size: 11,
    }),
    word('hello', 247.6, 539.6, 28),
    word('world', 245.1, 554.6, 32.9),
    word('b', 305.1, 522.1, 7),
    ...[
      ['c', 288.1],
      ['d', 305.1],
      ['e', 323.1],
      ['g', 340.1],
      ['h', 358.1],
    ].map(([s, x]) => word(s as string, x as number, 547.1, 7)),
    word('f', 306.6, 572.1, 4.7),
    textRun('Figure 10: Drawing of HTML-like labels', 221.5, 604, 170, { size: 11 }),
  ];
  const fills = [{ x: x4, y: y0, w: x5 - x4, h: y3 - y0, color: '#d3d3d3' }];
  return { width: 612, height: 792, runs, images: [], segments, fills, links: [] };
}

test('a cell whose text crosses unruled row lines covers those rows; unruled sides have no border', async () => {
  const sections = await pageSections(labels(), true);
  const xml = await sectionsXml(sections);
  const cells = xml.split('<w:tc>').slice(1);
  const head = cells.find((c) => c.includes('w:val="restart"')) ?? '';
  expect(runsText(head, ' ')).toMatch(/^hello\s+world$/);
  expect(cells.filter((c) => /<w:vMerge\/>|<w:vMerge w:val="continue"\/>/.test(c))).toHaveLength(2);
  // "g" keeps to its row: its column's three cells stay, with no border between them, all shaded
  const g = cells.findIndex((c) => c.includes('>g<'));
  expect(cells[g]).toMatch(/<w:top w:val="none"[^>]*\/>/);
  expect(cells[g]).toMatch(/<w:bottom w:val="none"[^>]*\/>/);
  expect(cells.filter((c) => /w:fill="d3d3d3"/i.test(c))).toHaveLength(3);
  // set in from the margin as on the page
  expect(xml).toMatch(/<w:tblInd [^>]*w:w="[1-9]\d*"/);
  await readBackSections(sections, (pdf) => {
    const box = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    const at = (w: string) => Number(new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)"[^>]*>${w}<`).exec(box)?.[1]);
    // the table's first column where the page has it, not against the margin at 72 pt
    expect(Math.abs(at('hello') - 247.6)).toBeLessThan(8);
    expect(at('world')).toBeLessThan(at('c'));
  });
}, 120_000);

test('rows of text kept inside rows without rules between them stay rows', async () => {
  const page = labels();
  // the same grid, its first column's text set inside each row
  page.runs = page.runs.filter((r) => r.str !== 'hello' && r.str !== 'world');
  page.runs.push(word('one', 247.6, 524, 20), word('two', 247.6, 549, 20), word('six', 247.6, 574, 20));
  const xml = await sectionsXml(await pageSections(page, true));
  expect(xml).not.toContain('w:vMerge');
  const cells = xml.split('<w:tc>').slice(1);
  for (const w of ['one', 'two', 'six']) expect(cells.filter((c) => c.includes(`>${w}<`))).toHaveLength(1);
});
