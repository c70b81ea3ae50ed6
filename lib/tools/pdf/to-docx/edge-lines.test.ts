// A line printed half off the page (issue 19, eighth pass: LibreOffice's slide exports put the slide number
// at the bottom-left corner, its baseline on the page's edge): in the flow, the room its line took past the
// edge ran the page onto another, and beside the slide's text it made a column of its own. It is framed
// at its place, out of the flow; a line near the top or bottom edge but on the page stays in the flow.
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

function slide(): PageData {
  const runs = [
    textRun('Subject is here', 268, 8, 82, { size: 11, eol: true }), // at the top edge, on the page
    textRun('Introduction to Refactoring', 43, 57, 430, { size: 32, eol: true }),
    textRun('7', -2, 539, 23, { size: 36, color: '#262626', eol: true }), // the slide number, half off
  ];
  for (let i = 0; i < 8; i++)
    runs.push(textRun(`A point of the slide, number ${i + 1}`, 60, 140 + 40 * i, 300, { size: 24, eol: true }));
  return { width: 720, height: 540, runs, images: [], segments: [], fills: [], links: [] };
}

test('the line half off the page is out of the flow; the lines at the edges but on the page are not', () => {
  const layout = layoutPage(slide(), false);
  expect(layout.edgeLines.map((l) => l.runs.map((r) => r.str).join(''))).toEqual(['7']);
  const flowing = layout.blocks.flatMap((b) => b.items).filter((it) => it.kind === 'line');
  expect(flowing).toHaveLength(10);
  // no column for it beside the slide's text, and the margins come from the text
  expect(layout.tree?.kind).not.toBe('cols');
  expect(layout.content.x).toBeGreaterThan(40);
});

test('it is a framed paragraph at its place; the page is one section with no table', async () => {
  const xml = await sectionsXml(await pageSections(slide(), true));
  const framed = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*<w:framePr [^>]*>(?:(?!<\/w:p>).)*<\/w:p>/gs)].map((m) =>
    m[0].replace(/<[^>]+>/g, ''),
  );
  expect(framed).toEqual(['7']);
  expect(xml).not.toMatch(/<w:tbl>/);
});
