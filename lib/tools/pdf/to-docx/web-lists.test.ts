// List bullets a browser draws as shapes (web-lists.ts): a filled circle (disc), a stroked circle (circle),
// a filled square (square) before an item's first word come back as bullet characters at the start of the
// item, the item hanging from its text's x, without adding room: the lines stay at the pitch the PDF has.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rgb, StandardFonts } from 'pdf-lib';
import { pageSections } from './build-docx';
import { convertPdf } from './convert';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { paragraphsText, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import type { PageData } from '../pdfjs/protocol';

const LONG =
  'It is written in plain C, making as few assumptions as possible, and sticking closely to ANSI C/POSIX for';

async function listPdf(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  const line = (text: string, x: number, i: number) => page.drawText(text, { x, y: 700 - 13.5 * i, size: 12, font });
  line('Here are some key points about libxslt:', 40, 0);
  // Chrome: the bullet's box 3.7 pt, its left edge 12 pt before the text, centred 0.35 em over the baseline
  const marks = ['disc', 'disc', 'circle', 'square'] as const;
  const items = ['Libxslt is a C implementation', LONG, 'This library is released under the MIT Licence', 'Fast'];
  let i = 1;
  items.forEach((text, k) => {
    const y = 700 - 13.5 * i + 4.2;
    if (marks[k] === 'disc') page.drawCircle({ x: 60, y, size: 1.85, color: rgb(0, 0, 0) });
    if (marks[k] === 'circle')
      page.drawCircle({ x: 60, y, size: 1.6, borderColor: rgb(0, 0, 0), borderWidth: 0.5, opacity: 0 });
    if (marks[k] === 'square')
      page.drawRectangle({ x: 58.15, y: y - 1.85, width: 3.7, height: 3.7, color: rgb(0, 0, 0) });
    line(text, 70, i++);
    if (text === LONG) line('easy embedding. Should works on Linux/Unix/Windows.', 70, i++);
  });
  line('Documentation', 40, i + 1);
  return doc.save();
}

const paras = (xml: string) => xml.match(/<w:p>.*?<\/w:p>/gs)!.filter((p) => /<w:t[ >]/.test(p));
const text = (p: string) => [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>|<w:tab\/>/g)].map((m) => m[1] ?? '\t').join('');

test('bullets drawn as shapes start their items, each item hanging from its text with a tab', async () => {
  const page = await extractFirstPage(await listPdf());
  expect(page.marks?.map((m) => m.shape)).toEqual(['disc', 'disc', 'circle', 'square']);
  const ps = paras(await sectionsXml(await pageSections(page, true)));
  expect(ps.map(text)).toEqual([
    'Here are some key points about libxslt:',
    '\u2022\tLibxslt is a C implementation',
    `\u2022\t${LONG} easy embedding. Should works on Linux/Unix/Windows.`,
    '\u25e6\tThis library is released under the MIT Licence',
    '\u25aa\tFast',
    'Documentation',
  ]);
  for (const p of ps.slice(1, 5)) {
    // left indent at the text (30 pt past the margin at 40 pt: 600 twips), the bullet 11.6-11.85 pt before it (its box),
    // a tab stop where the text starts
    expect(p).toMatch(/<w:ind w:left="600" w:hanging="23[0-9]"\/>/);
    expect(p).toMatch(/<w:tab w:val="left" w:pos="600"\/>/);
    // no room added: the item's lines at the PDF's pitch, no space before
    expect(p).toMatch(/w:before="0" w:line="270"/);
  }
});

test('a dot between words, a dot with no text beside it, a legend key and a white box are not bullets', async () => {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  // a chart's legend key: a coloured square 0.6 em wide, 0.23 em before its label
  page.drawRectangle({ x: 40, y: 500, width: 7.2, height: 7.2, color: rgb(0.27, 0.45, 0.77) });
  page.drawText('Series 1', { x: 50, y: 500, size: 12, font });
  // a white box on the page before a form's brace
  page.drawRectangle({ x: 40, y: 400, width: 4, height: 4, color: rgb(1, 1, 1) });
  page.drawText('Total boxes', { x: 50, y: 398, size: 12, font });
  page.drawText('Price', { x: 40, y: 700, size: 12, font });
  page.drawCircle({ x: 72, y: 704.2, size: 1.85, color: rgb(0, 0, 0) });
  page.drawText('per unit', { x: 80, y: 700, size: 12, font });
  page.drawCircle({ x: 300, y: 600, size: 1.85, color: rgb(0, 0, 0) });
  const xml = await sectionsXml(await pageSections(await extractFirstPage(await doc.save()), true));
  expect(xml).not.toMatch(/[\u2022\u25e6\u25aa]/);
  expect(xml).toMatch(/>Series 1</);
});

test("LibreOffice's read-back shows the bullets on one page, each item's words where the PDF has them", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-lists-'));
  try {
    const file = path.join(dir, 'list.pdf');
    fs.writeFileSync(file, await listPdf());
    const docx = path.join(dir, 'list.docx');
    fs.writeFileSync(docx, (await convertPdf(file, 'list.pdf')).docx);
    const [back] = docxToPdf([docx]);
    expect(execFileSync('pdfinfo', [back], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    const words = (pdf: string) =>
      [
        ...execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' }).matchAll(
          /xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</g,
        ),
      ].map((m) => ({ x: +m[1], y: +m[2], text: m[3] }));
    const got = words(back);
    expect(got.filter((w) => /^[\u2022\u25e6\u25aa]$/.test(w.text))).toHaveLength(4);
    for (const s of words(file)) {
      const twin = got.find((g) => g.text === s.text && Math.abs(g.x - s.x) < 3 && Math.abs(g.y - s.y) < 5);
      expect({ word: s.text, found: !!twin }).toEqual({ word: s.text, found: true });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a glyph read as a control character where a bullet stands is the item's bullet", async () => {
  // xfig's guide (dvips, Ghostscript): the bullet is a Type 3 bitmap glyph whose code reads as NUL, no
  // width, its line size 15.4 pt. Word lost it, and its size split each item's first line off the item.
  const body = (str: string, x: number, y: number, w: number) => textRun(str, x, y, w, { font: 'Times-Roman' });
  const runs = [
    textRun('\u0000', 98.3, 112.3, 0, { size: 15.4, font: 'Type3' }),
    body(
      'The Arc is specified by marking three points with mouse button 1. When a precise arc is required, it is',
      107.8,
      116.8,
      425,
    ),
    body(
      'often useful to first draw a circle with the desired radius and centre point. Then place the arc points.',
      107.8,
      128.7,
      425,
    ),
    // a control character between words is no bullet
    body('A line with', 107.8, 160.6, 46),
    textRun('\u0001', 156, 160.6, 4, { size: 10, font: 'Type3' }),
    body('a stray code in it, and the rest of the line of prose that follows it to the end.', 163, 160.6, 369),
    // nor an unmapped mark of a font that has letters to read (Padauk's features: its marks read as codes)
    textRun('\u0003', 98.3, 200, 0.7, { font: 'Padauk-Regular' }),
    body('A line of the sample after a mark of the script font, the rest of the line in prose.', 107.8, 200, 400),
    textRun('\u1000\u102d\u102f', 107.8, 230, 20, { font: 'Padauk-Regular' }),
  ];
  const page: PageData = { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
  const text = paragraphsText(await sectionsXml(await pageSections(page, true)));
  // the bullet, then the item's two lines as one paragraph
  expect(text).toMatch(/\u2022 The Arc is specified [^\n]* it is often useful [^\n]* arc points\./);
  expect(text.match(/\u2022/g)).toHaveLength(1);
});
