// A table set without rules (issue 19, twenty-second pass: xfig's reference by htmldoc, its key list: each
// key centred in its column, the descriptions at one x). A row whose key is long left a gap of 1.3 em before
// its description and was read as one line: in Word the description ran on right after the key, out of its
// column. A run after a gap of an em that starts where two other rows' second pieces start gets a tab stop.
import { execFileSync } from 'node:child_process';
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { readBackSections, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const key = (str: string, x: number, y: number, w: number) =>
  textRun(str, x, y, w, { size: 11, font: 'Courier-Bold', generic: 'monospace', bold: true });
const prose = (str: string, x: number, y: number, w: number) =>
  textRun(str, x, y, w, { size: 11, font: 'Times-Roman' });

function keyList(): PageData {
  const runs = [
    prose('The following editing facilities are available:', 108, 420, 200),
    key('<DEL>', 121.1, 450, 33),
    textRun('or', 156.8, 450, 10.4, { size: 11, font: 'Times-Bold', bold: true }),
    key('Control-D', 169.9, 450, 59.4),
    prose('Delete a character to the right of the cursor.', 243.8, 450, 191.5),
    key('Control-X', 145.5, 466.1, 59.4),
    prose('Delete all the characters to the left of the cursor.', 243.8, 466.1, 212),
    key('Control-K', 145.5, 482.2, 59.4),
    prose('Delete all the characters to the right of the cursor.', 243.8, 482.2, 218.1),
    // a list item whose words start an em after its bullet, its wrapped line under them: no tab
    prose('\u2022', 108, 520, 4),
    prose('An item of a list whose text is long enough to wrap onto a second line under', 119, 520, 410),
    prose('its first word, as lists are set, and it goes on to its end here.', 119, 533.2, 300),
  ];
  return { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
}

test('a long key row of a table without rules puts its description at its column', async () => {
  const sections = await pageSections(keyList(), true);
  const paras = (await sectionsXml(sections)).split('<w:p>');
  const row = paras.find((p) => p.includes('Delete a character')) ?? '';
  expect(row).toMatch(/<w:tab\/><w:t[^>]*>Delete a character/);
  const item = paras.find((p) => p.includes('An item of a list')) ?? '';
  expect(item).toContain('its first word');
  expect(item).not.toContain('<w:tab/>');
  await readBackSections(sections, (pdf) => {
    const box = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    const xs = [...box.matchAll(/xMin="([\d.]+)"[^>]*>Delete</g)].map((m) => Number(m[1]));
    expect(xs).toHaveLength(3);
    for (const x of xs) expect(Math.abs(x - 243.8)).toBeLessThan(3);
  });
}, 120_000);

test('rows whose second piece is close enough to join their line still get its tab, also in a table of two', async () => {
  // gene-logic's samples: "x=1\OR y=x" then "produces" 2 em on (its own piece); the rows under it 1.5 em
  // (each read as one line): they ran into one wrapped paragraph after the first row
  const code = (str: string, y: number, w: number) =>
    textRun(str, 202, y, w, { size: 10.9, font: 'CMTT10', generic: 'monospace' });
  const word = (str: string, x: number, y: number, w: number) => textRun(str, x, y, w, { size: 10.9, font: 'CMR10' });
  const rows = (ys: number[], codes: string[]) =>
    ys.flatMap((y, i) => [
      code(codes[i], y, codes[i].length * 5.73),
      word('produces', 281.3, y, 42.3),
      word('x = 1', 339.8, y, 30),
    ]);
  const page: PageData = {
    width: 612,
    height: 792,
    runs: [
      prose('This macro can be used for the logical disjunction. Compare', 125.8, 180.8, 300),
      ...rows([202.4, 216, 229.5], ['x=1\\OR y=x', 'x=1\\vee y=x', 'x=1\\lor y=x']),
      prose('This macro can be used for the logical implication. Compare', 125.8, 300, 300),
      ...rows([330, 343.5], ['x=1\\IF y=x', 'x=1\\IMP y=x']),
    ],
    images: [],
    segments: [],
    fills: [],
    links: [],
  };
  const paras = (await sectionsXml(await pageSections(page, true))).split('<w:p>');
  const withProduces = paras.filter((p) => p.includes('produces'));
  // each row its own paragraph, "produces" after a tab in every row
  expect(withProduces).toHaveLength(5);
  for (const p of withProduces) expect(p).toMatch(/<w:tab\/><w:t[^>]*>produces/);
});
