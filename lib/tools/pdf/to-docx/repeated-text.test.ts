// The same text shown twice at (nearly) the same place is one piece of text (pdfjs/text-source.ts): a
// browser prints a CSS text-shadow as a white copy 1 px below the text (every heading of a Sphinx page
// printed by Chrome); laid out, each copy was a line of its own and the page ran over.
import { rgb } from 'pdf-lib';
import { pageSections } from './build-docx';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

test('a heading with a text shadow is one heading, in the colour of the text on top', async () => {
  const { doc, font, page } = await madePage();
  // the shadow first (white, 0.75 pt lower), then the heading itself
  page.drawText('Abstract', { x: 58, y: 725.25, size: 21.6, font, color: rgb(1, 1, 1) });
  page.drawText('Abstract', { x: 58, y: 726, size: 21.6, font, color: rgb(0.13, 0.13, 0.14) });
  page.drawText('This document describes the packaging of Python.', { x: 50, y: 690, size: 11, font });
  // the same word elsewhere on the page is not a copy
  page.drawText('Abstract', { x: 50, y: 660, size: 11, font });
  const runs = (await extractFirstPage(await doc.save())).runs;
  expect(runs.filter((r) => r.str.trim() === 'Abstract').map((r) => [r.size.toFixed(1), r.color])).toEqual([
    ['21.6', '#212124'],
    ['11.0', '#000000'],
  ]);
  const xml = await sectionsXml(await pageSections(await extractFirstPage(await doc.save()), true));
  expect(xml.match(/>Abstract</g)).toHaveLength(2);
  expect(xml).not.toMatch(/w:color w:val="ffffff"/);
});
