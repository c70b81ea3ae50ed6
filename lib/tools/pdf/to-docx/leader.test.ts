// A contents page (issue 19, ninth pass): "Title ....... 12" typed as text wrapped in a substitute font a
// little wider than the PDF's, the number went onto a line of its own and a Word-made contents page came out
// on two Word pages. The title is kept, the dots become a right tab stop with a dot leader at the number's
// right edge (what Word writes for its own contents), the number follows a tab; such a line ends its paragraph.
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { leaderIn } from './leader';
import { paragraph } from './paragraph';
import type { Para } from './line-paragraphs';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const dots = (n: number) => '.'.repeat(n);

function contents(): PageData {
  const runs = [textRun('Table of Contents', 72, 90, 150, { size: 16, bold: true, eol: true })];
  const entries = ['Learning Objectives', 'Overview', 'Prerequisites', 'Getting Started', 'Lab Tasks'];
  entries.forEach((t, i) => {
    // a title, its leader and the page number in one run, the line flush with the right margin
    runs.push(textRun(`${t} ${dots(60 - t.length)} ${i + 2}`, 72, 120 + 16 * i, 451, { size: 11, eol: true }));
  });
  runs.push(textRun('Step 1: Install Ansible', 96, 210, 90, { size: 9 }));
  runs.push(textRun(`${dots(80)} 3`, 190, 210, 333, { size: 9, eol: true }));
  runs.push(textRun('Step 2: Install the SDK', 96, 222, 92, { size: 9 }));
  runs.push(textRun(`${dots(80)} 3`, 190, 222, 333, { size: 9, eol: true }));
  return { width: 595, height: 842, runs, images: [], segments: [], fills: [], links: [] };
}

test('a leader is four dots or more and a page number at the end; prose with dots is not', () => {
  expect(leaderIn('Overview ........ 12')).toEqual({ start: 8, number: '12' });
  expect(leaderIn('Preface . . . . . . . xiv')).toEqual({ start: 7, number: 'xiv' });
  expect(leaderIn('Appendix …… A-3')).toEqual({ start: 8, number: 'A-3' });
  expect(leaderIn('and so on... 12')).toBeNull();
  expect(leaderIn('Wait for it ..... done')).toBeNull();
  expect(leaderIn('........ 5')).toBeNull();
});

test('each entry is a paragraph of its own: title, tab, number; the stop is right-aligned with a dot leader', async () => {
  const xml = await sectionsXml(await pageSections(contents(), true));
  const paras = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*<\/w:p>/gs)].map((m) => m[0]);
  const entries = paras.filter((p) => /w:leader="dot"/.test(p));
  expect(entries).toHaveLength(7);
  const text = (p: string) => p.replace(/<w:tab\/>/g, '\t').replace(/<[^>]+>/g, '');
  expect(entries.map(text)).toEqual([
    'Learning Objectives\t2',
    'Overview\t3',
    'Prerequisites\t4',
    'Getting Started\t5',
    'Lab Tasks\t6',
    'Step 1: Install Ansible\t3',
    'Step 2: Install the SDK\t3',
  ]);
  // the stop at the number's right edge: 72 + 451 pt from the page's left, less the left margin of 72 pt
  for (const p of entries) expect(p).toMatch(/<w:tab w:val="right" w:pos="9020" w:leader="dot"\/>/);
  expect(xml).not.toMatch(/\.{4}/);
});

// TeX's contents (sdcc's manual): the dots end on a grid and the page numbers stand in a column 1.5 em past
// them. The gutter cut the page into two columns, the entries ran together as wrapped text and the numbers
// came after them; each number now joins its line.
test('a page number set apart from its dots joins its line: one entry, one paragraph, no column of numbers', async () => {
  const runs = [textRun('Contents', 85, 130, 95, { size: 20, bold: true, eol: true })];
  const entries = ['About SDCC', 'SDCC Suite Licenses', 'Documentation', 'Typographic conventions', 'Other Resources'];
  entries.forEach((t, i) => {
    const y = 200 + 12 * i;
    runs.push(textRun(`1.${i + 1}`, 100, y, 14, { size: 10 }));
    runs.push(textRun(t, 123, y, 5 * t.length, { size: 10 }));
    runs.push(textRun(' .'.repeat(30), 123 + 5 * t.length + 4, y, 393 - 5 * t.length - 4, { size: 10 }));
    runs.push(textRun(String(7 + i), 531, y, 10, { size: 10, eol: true }));
  });
  const page: PageData = { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
  const xml = await sectionsXml(await pageSections(page, true));
  const paras = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*<\/w:p>/gs)].map((m) => m[0]);
  const text = (p: string) => p.replace(/<w:tab\/>/g, '\t').replace(/<[^>]+>/g, '');
  expect(paras.filter((p) => /w:leader="dot"/.test(p)).map(text)).toEqual(
    entries.map((t, i) => `1.${i + 1} ${t}\t${7 + i}`),
  );
  expect(xml).not.toMatch(/<w:tbl>/);
});

// A linguistics manual's contents (covington, pdfTeX): sections' numbers in a column of their own, titles
// 1.5 em to their right, dots to a grid, and page numbers in a right column, also after the chapter lines
// with no dots; 12 pt apart in 8 pt type. The page numbers had been read as fractions one over the other
// ("1 Introduction 2 3": 11.955 pt apart, under 0.4 em between their boxes), and the tab before a section's number reached a stop at the number's own left edge
// before the leader's, with no dots.
test("a contents page's numbers stay on their entries' lines, each after the leader's stop", async () => {
  const runs = [textRun('Contents', 134, 380, 41, { size: 10, bold: true, eol: true })];
  const rows: [string, string, string, boolean][] = [
    ['1', 'Introduction', '2', false],
    ['2', 'Stacked diacritics', '3', false],
    ['3', 'Numbered examples', '4', false],
    ['3.1', 'Example numbers', '4', true],
    ['3.2', 'The example environment', '4', true],
    ['3.3', 'The examples environment', '6', true],
    ['4', 'Glossing sentences word-by-word', '9', false],
    ['4.1', 'Gloss macros', '9', true],
  ];
  rows.forEach(([n, t, page, dotted], i) => {
    const y = 400.223 + 11.955 * i + (i > 1 ? 0.05 : 0); // (a column of them at one pitch is no fraction)
    const x = dotted ? 149 : 134;
    runs.push(textRun(n, x, y, 4 * n.length, { size: 7.9701 }));
    runs.push(textRun(t, x + (dotted ? 23 : 15), y, 3.6 * t.length, { size: 7.9701 }));
    const end = x + (dotted ? 23 : 15) + 3.6 * t.length;
    if (dotted)
      runs.push(textRun(' .'.repeat(Math.floor((454 - end - 6) / 7)), end + 6, y, 454 - end - 6, { size: 10 }));
    runs.push(textRun(page, 474, y, 3.7, { size: 7.9701, eol: true }));
  });
  const page: PageData = { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
  const xml = await sectionsXml(await pageSections(page, true));
  const paras = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*<\/w:p>/gs)].map((m) => m[0]);
  const text = (p: string) =>
    p
      .replace(/<w:tab\/>/g, '\t')
      .replace(/<[^>]+>/g, '')
      .replace(/ +/g, ' ');
  const entries = paras.map(text).filter((t) => /\t\d$/.test(t));
  expect(entries.map((t) => t.replace(/.*\t/, ''))).toEqual(rows.map((r) => r[2]));
  expect(entries.map((t) => t.replace(/\t\d$/, '').replace(/\t/g, ' '))).toEqual(rows.map((r) => `${r[0]} ${r[1]}`));
  for (const p of paras.filter((q) => /w:leader="dot"/.test(q))) {
    // no stop of its own at the page number (474 pt, less the 72 pt margin: 8040 twips) before the leader's
    expect(p).not.toMatch(/<w:tab w:val="left" w:pos="80[0-9]{2}"\/>/);
  }
  expect(paras.filter((p) => /w:leader="dot"/.test(p))).toHaveLength(4);
});

test("a line's own tab stops leave out its leader and its number: the number's tab reaches the dots' stop", async () => {
  // "3.1 <tab> Example numbers . . . <tab> 4", its pieces' stops from a column of such rows (line-bands.ts)
  const runs = [
    textRun('3.1', 148.7, 436.1, 9.2, { size: 8 }),
    textRun('Example numbers', 171.6, 436.1, 58.6, { size: 8 }),
    textRun(' .'.repeat(31), 236.7, 436.1, 217.4, { size: 10 }),
    textRun('4', 474, 436.1, 3.7, { size: 8, eol: true }),
  ];
  const line = {
    x: 148.7,
    y: 427,
    w: 329,
    h: 11,
    runs,
    baseline: 436.1,
    size: 10,
    tabRuns: new Set([runs[1], runs[3]]),
  };
  const p: Para = { lines: [line], align: 'left', left: 148.7, firstLine: 0, top: 427, bottom: 438, lineGap: 12 };
  const xml = await sectionsXml([{ children: [await paragraph(p, [], 72, 0)] }]);
  const stops = [...xml.matchAll(/<w:tab w:val="(\w+)" w:pos="(\d+)"(?: w:leader="(\w+)")?\/>/g)].map((m) => [
    m[1],
    m[3],
  ]);
  expect(stops).toEqual([
    ['left', undefined], // "Example numbers"
    ['right', 'dot'], // the number, at the leader's end
  ]);
  expect(xml.replace(/<w:tab\/>/g, '\t').replace(/<[^>]+>/g, '')).toBe('3.1\tExample numbers\t4');
});
