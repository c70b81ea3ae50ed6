// One-line paragraphs set closer than 1.2 em (a browser's list items and news lines at its "normal" line
// height) keep the pitch the PDF shows (line-paragraphs.ts pitchOfOneLiners): at 1.2 em each came out a
// little lower than the one before and libxslt's home page ran 2 lines over on every page.
import { StandardFonts } from 'pdf-lib';
import { pageSections } from './build-docx';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const ITEMS = ['Fix conflict resolution for templates', 'Remove .travis.yml', 'Add CI for CMake on MSVC'];

test('a page of one-line paragraphs 1.125 em apart keeps that pitch and is not pushed down', async () => {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  // 50 short lines of 12 pt, 13.5 pt apart, filling the page as Chrome prints a list of news items
  for (let i = 0; i < 50; i++)
    page.drawText(`${ITEMS[i % 3]} (${i + 1})`, { x: 72, y: 740 - 13.5 * i, size: 12, font });
  const xml = await sectionsXml(await pageSections(await extractFirstPage(await doc.save()), true));
  const paras = xml.match(/<w:p>.*?<\/w:p>/gs)!.filter((p) => /\(\d+\)</.test(p));
  expect(paras).toHaveLength(50);
  // 13.5 pt = 270 twips (was 1.2 em = 288: 0.9 pt lower per line, 44 pt over the page)
  expect(paras.map((p) => /w:line="(\d+)"/.exec(p)![1])).toEqual(Array(50).fill('270'));
  expect(paras.slice(1).map((p) => /w:before="(\d+)"/.exec(p)![1])).toEqual(Array(49).fill('0'));
});

test('a one-line heading over body text of another size keeps its own height', async () => {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  page.drawText('Introduction', { x: 72, y: 740, size: 18, font });
  page.drawText('This document describes the library.', { x: 72, y: 722, size: 12, font });
  const xml = await sectionsXml(await pageSections(await extractFirstPage(await doc.save()), true));
  const heading = xml.match(/<w:p>.*?<\/w:p>/gs)!.find((p) => />Introduction</.test(p))!;
  expect(/w:line="(\d+)"/.exec(heading)![1]).toBe(String(Math.round(18 * 1.2 * 20)));
});
