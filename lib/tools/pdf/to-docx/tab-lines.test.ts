// A line of two pieces with a gap between them, ending at the text area's right edge (a slide's foot: a
// copyright notice and the page number; issue 19, twelfth pass). As a paragraph set right with a left tab
// stop before the number, LibreOffice ran the notice into the number once it passed the stop ("vertraulich1"
// on poi's huge slide after the notice was condensed by a twip). Such a line stays left, its stops placing
// its pieces.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { StandardFonts } from 'pdf-lib';
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml, readBackSections, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';
import { madePage } from '@/tests/support/pdf-to-docx/extract-page';

const PROSE = 'The slide master sets the notice and the number at the foot of every slide in the deck.';
const NOTICE = 'Copyright 2021 Example. Strictly confidential';

test('two pieces of a line ending at the right edge keep their places', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  for (let i = 0; i < 6; i++) page.drawText(PROSE, { x: 72, y: 700 - 14 * i, size: 11, font });
  const number = 540 - font.widthOfTextAtSize('1', 11);
  const noticeX = number - 40 - font.widthOfTextAtSize(NOTICE, 11);
  page.drawText(NOTICE, { x: noticeX, y: 560, size: 11, font });
  page.drawText('1', { x: number, y: 560, size: 11, font });
  for (let i = 0; i < 4; i++) page.drawText(PROSE, { x: 72, y: 530 - 14 * i, size: 11, font });
  const { docx } = await convertBytes(await doc.save(), 'foot-pieces.pdf');
  const xml = documentXml(docx);
  const para = xml.split('<w:p>').find((p) => p.includes('Strictly confidential')) ?? '';
  expect(para).toContain('<w:tab/>');
  expect(para).not.toContain('<w:jc w:val="right"/>');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-tabs-'));
  try {
    const f = path.join(dir, 'foot.docx');
    fs.writeFileSync(f, docx);
    const box = execFileSync('pdftotext', ['-bbox', docxToPdf([f])[0], '-'], { encoding: 'utf8' });
    const word = (w: string) => Number(new RegExp(`xMin="([\\d.]+)"[^>]*>${w}<`).exec(box)?.[1] ?? NaN);
    expect(Math.abs(word('Copyright') - noticeX)).toBeLessThan(6);
    expect(Math.abs(word('1') - number)).toBeLessThan(6);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

test('a running head whose last piece ends at the right edge keeps it on its line in a wider face', async () => {
  // R's reference manual (pdfTeX): "70" at the left, the topic's name at the right edge in Times slanted
  // by the PDF (NimbusRomNo9L-Regu-Slant_167: the upright face's widths, 50.4 pt); Word's Times New Roman
  // Italic is 51.7 pt wide, and past a left tab stop at the name's start LibreOffice wrapped the name onto
  // a line of its own (every even page a line lower). It is set against a right tab stop at its end.
  const body = 'The functions are used to call compiled code which makes use of internal R objects, passing';
  const runs = [
    textRun('70', 100.3, 80.4, 10, { font: 'NimbusRomNo9L-Regu' }),
    textRun('CallExternal', 461.7, 80.4, 50.4, { font: 'NimbusRomNo9L-Regu-Slant_167', italic: true, eol: true }),
    ...[0, 1, 2, 3].map((i) => textRun(body, 100.3, 108.3 + 12 * i, 411.8, { font: 'NimbusRomNo9L-Regu', eol: true })),
  ];
  const page: PageData = { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
  const sections = await pageSections(page, true);
  const para = (await sectionsXml(sections)).split('<w:p>').find((p) => p.includes('CallExternal')) ?? '';
  expect(para).toMatch(/<w:tab w:val="right"/);
  await readBackSections(sections, (pdf) => {
    const box = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    const at = (w: string) => new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)"[^>]*>${w}<`).exec(box);
    const [num, name] = [at('70'), at('CallExternal')];
    expect(Number(name?.[2])).toBeCloseTo(Number(num?.[2]), 0); // one line
    expect(Math.abs(Number(name?.[3]) - 512.1)).toBeLessThan(2);
  });
}, 120_000);
