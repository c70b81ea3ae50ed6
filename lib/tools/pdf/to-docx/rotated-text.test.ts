// Text printed a quarter turn on a page that stays as it is (issue 19, eighth pass: the seminar slides printed
// sideways, a rotated caption). Before, its lines were upright lines on top of each other in the flow; now
// each block is a turned text box (DrawingML, bodyPr vert) where it was, and LibreOffice's read-back shows
// the words running up (or down) the page at their places. The upright text stays in the flow.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { degrees } from 'pdf-lib';
import { pageSections } from './build-docx';
import { convertPdf } from './convert';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { runsText, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const LINES = [
  'Seminar slides printed sideways',
  'The first point of the talk',
  'A second point, longer than the first',
];
const HEADING = 'An upright heading stays in the flow';

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-turned-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An A4 portrait page: an upright heading, then three lines turned `angle` degrees (90 reads up the page,
 * each next line to the right of the last; 270 reads down it, each next line to the left). */
async function sideways(angle: 90 | 270): Promise<string> {
  const { doc, font, page } = await madePage(undefined, [595, 842]);
  page.drawText(HEADING, { x: 60, y: 800, size: 14, font });
  LINES.forEach((t, i) => {
    const x = angle === 90 ? 150 + 30 * i : 445 - 30 * i;
    const y = angle === 90 ? 150 : 692;
    page.drawText(t, { x, y, size: 18, font, rotate: degrees(angle) });
  });
  const file = path.join(dir, `turned-${angle}.pdf`);
  fs.writeFileSync(file, await doc.save());
  return file;
}

interface Word {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
function bboxWords(pdf: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)].map((m) => ({
    text: m[5],
    x: +m[1],
    y: +m[2],
    w: +m[3] - +m[1],
    h: +m[4] - +m[2],
  }));
}

/** LibreOffice's read-back of `docx`: one page, every word where the source PDF has it (within 12 pt across
 * its line, 40 pt along it), and words of 4 letters or more turned as there (taller than wide, or not). */
function expectWordsInPlace(file: string, docx: string) {
  const [back] = docxToPdf([docx]);
  expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [back], { encoding: 'utf8' }))![1])).toBe(1);
  const got = bboxWords(back);
  for (const s of bboxWords(file)) {
    const tall = s.h > s.w;
    const twin = got.find(
      (g) => g.text === s.text && Math.abs(g.x - s.x) < (tall ? 12 : 40) && Math.abs(g.y - s.y) < (tall ? 40 : 12),
    );
    expect({ word: s.text, found: !!twin }).toEqual({ word: s.text, found: true });
    if (s.text.length >= 4) expect({ word: s.text, tall: twin!.h > twin!.w }).toEqual({ word: s.text, tall });
  }
}

const textOf = (xml: string) => runsText(xml);

test.each([
  [90, 'vert270'],
  [270, 'vert'],
] as const)(
  'text turned %i degrees is a turned text box (%s) at its place; the heading stays upright in the flow',
  async (angle, vert) => {
    const file = await sideways(angle);
    expect(bboxWords(file)).toHaveLength(LINES.join(' ').split(' ').length + HEADING.split(' ').length);
    const r = await convertPdf(file, 'turned.pdf');
    const docx = path.join(dir, `turned-${angle}.docx`);
    fs.writeFileSync(docx, r.docx);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    // one text box, its text turned, holding the three lines in order; the heading is not in it
    const boxes = [...xml.matchAll(/<w:txbxContent>(.*?)<\/w:txbxContent>/gs)].map((m) => m[1]);
    expect(boxes).toHaveLength(1);
    expect(xml).toContain(`<wps:bodyPr vert="${vert}"`);
    const inBox = [...boxes[0].matchAll(/<w:p>.*?<\/w:p>/gs)].map((m) => textOf(m[0]).replace(/\s+/g, ' ').trim());
    expect(inBox.filter(Boolean)).toEqual(LINES);
    expect(textOf(xml.replace(/<w:txbxContent>.*?<\/w:txbxContent>/gs, ''))).toContain(HEADING);

    expectWordsInPlace(file, docx);
  },
  120_000,
);

test('a sideways label beside upright text: the upright paragraphs are those of the page without it', async () => {
  const page = async (label: boolean) => {
    const { doc, font, page } = await madePage();
    for (let i = 0; i < 8; i++)
      page.drawText(`Upright body line ${i + 1} of a page with a turned label in its margin.`, {
        x: 90,
        y: 700 - 16 * i,
        size: 11,
        font,
      });
    // an axis label or a sideways stamp in the left margin, reading up the page, within the text's height
    if (label) page.drawText('A label running up the margin', { x: 70, y: 600, size: 9, font, rotate: degrees(90) });
    const sections = await pageSections(await extractFirstPage(await doc.save()), true);
    return sectionsXml(sections);
  };
  const [plain, labelled] = [await page(false), await page(true)];
  expect(plain).not.toContain('<w:txbxContent>');
  const box = /<w:txbxContent>(.*?)<\/w:txbxContent>/s.exec(labelled);
  expect(textOf(box![1])).toBe('A label running up the margin');
  expect(labelled).toContain('<wps:bodyPr vert="vert270"');
  // the paragraphs of the flow: the same, but for the first one's space before (the boxes' holder is 1 pt)
  const flow = (xml: string) =>
    [...xml.replace(/<w:txbxContent>.*?<\/w:txbxContent>/gs, '').matchAll(/<w:p>.*?<\/w:p>/gs)]
      .map((m) => m[0])
      .filter((p) => textOf(p).trim())
      .map((p, i) => (i === 0 ? p.replace(/w:before="\d+"/, 'w:before=""') : p));
  expect(flow(labelled).map(textOf).join(' ')).toContain('line 8 of a page');
  expect(flow(labelled)).toEqual(flow(plain));
}, 60_000);

test('a sideways table: each cell is where it was (a row is not one line of tabs, which turned text loses)', async () => {
  const { doc, font, page } = await madePage(undefined, [595, 842]);
  page.drawText('An upright paragraph above a table printed sideways.', { x: 60, y: 800, size: 11, font });
  const rows = [
    ['Name', 'Value', 'Unit', 'Comment'],
    ['alpha', '1.25', 'metre', 'first measured'],
    ['beta', '37.5', 'gram', 'second one'],
  ];
  // reading up the page: a row's cells go up it, the next row to the right
  rows.forEach((r, i) =>
    r.forEach((t, j) =>
      page.drawText(t, { x: 150 + 22 * i, y: 120 + [0, 120, 220, 300][j], size: 11, font, rotate: degrees(90) }),
    ),
  );
  page.drawText('Table 1: a caption printed sideways under the table.', {
    x: 230,
    y: 120,
    size: 10,
    font,
    rotate: degrees(90),
  });
  const file = path.join(dir, 'table.pdf');
  fs.writeFileSync(file, await doc.save());
  const docx = path.join(dir, 'table.docx');
  fs.writeFileSync(docx, (await convertPdf(file, 'table.pdf')).docx);
  const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
  expect(xml).toContain('<wps:bodyPr vert="vert270"');
  expect(xml.match(/<w:txbxContent>.*?<\/w:txbxContent>/gs)?.join('')).not.toContain('<w:tab/>');
  expectWordsInPlace(file, docx);
}, 120_000);
