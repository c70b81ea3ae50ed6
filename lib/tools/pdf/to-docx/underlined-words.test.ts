// Links underlined inside a sentence and words in a typewriter face in prose (issue 19, twenty-second pass:
// xfig's manual, made by htmldoc). A rule under part of a text item stayed a picture at its place, which
// strayed a line off its words once a line above wrapped differently in Word; a rule drawn word by word was
// weighed piece by piece and its first word's piece stayed a picture too. The space before a word in Courier
// was set in Courier (2.4 times Times's): the paragraph took a line more and every rule below was a line off.
import { execFileSync } from 'node:child_process';
import { StandardFonts } from 'pdf-lib';
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { underlinedWords } from './underlined-words';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { readBackSections, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

/** The page, and where the link's words start and end. */
async function manualPage(): Promise<{ page: PageData; link: [number, number] }> {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  const courier = await doc.embedFont(StandardFonts.Courier);
  const size = 11;
  const at = (text: string, upTo: string) => 108 + font.widthOfTextAtSize(text.slice(0, text.indexOf(upTo)), size);
  const rule = (x1: number, x2: number, y: number) =>
    page.drawLine({ start: { x: x1, y: y - 1 }, end: { x: x2, y: y - 1 }, thickness: 1 });
  // one text item, the link's two words underlined by a rule each, touching end to end
  const see = 'See also Edit Panel about PICTURE objects.';
  page.drawText(see, { x: 108, y: 700, size, font });
  const edit = at(see, 'Edit');
  const panel = at(see, 'Panel');
  rule(edit, panel, 700);
  const panelEnd = panel + font.widthOfTextAtSize('Panel', size);
  rule(panel, panelEnd, 700);
  // a rule under part of a word is no link's underline: the item stays whole
  const part = 'A rule under part of a word stays a drawn rule.';
  page.drawText(part, { x: 108, y: 660, size, font });
  rule(at(part, 'rule') + 4, at(part, 'rule') + 30, 660);
  // prose with two words in Courier in it, as htmldoc sets them (a space's gap before each, no space in the
  // text), in a measure 3 pt longer: it fits the measure with Times's spaces, not with Courier's
  let x = 108;
  const words: [string, boolean][] = [
    ['changed to your favorite image editor, e.g.', false],
    ['xpaint', true],
    ['by changing the', false],
    ['Fig.image_editor', true],
    ['resource', false],
  ];
  for (const [text, mono] of words) {
    const face = mono ? courier : font;
    page.drawText(text, { x, y: 620, size, font: face });
    x += face.widthOfTextAtSize(text, size) + font.widthOfTextAtSize(' ', size);
  }
  const edge = 'The measure ends 3 pt past the line with the Courier words.';
  const lineEnd = x - font.widthOfTextAtSize(' ', size);
  page.drawText(edge, { x: lineEnd + 3 - font.widthOfTextAtSize(edge, size), y: 646.4, size, font });
  page.drawText('or starting xfig with the option followed by the name of your image editor).', {
    x: 108,
    y: 606.8,
    size,
    font,
  });
  return { page: await extractFirstPage(await doc.save()), link: [edit, panelEnd] };
}

test('a run is cut at the words a rule is under, and only there', async () => {
  const made = await manualPage();
  const p = await underlinedWords(made.page);
  const strs = p.runs.map((r) => r.str);
  expect(strs).toEqual(expect.arrayContaining(['See also ', 'Edit Panel', ' about PICTURE objects.']));
  expect(strs).toContain('A rule under part of a word stays a drawn rule.');
  // at the words' place, within a point (the run's width shared out by Times's widths)
  const link = p.runs.find((r) => r.str === 'Edit Panel')!;
  expect(Math.abs(link.x - made.link[0])).toBeLessThan(1);
  expect(Math.abs(link.x + link.w - made.link[1])).toBeLessThan(1);
});

test('in the DOCX the link is an underlined run; the rule under part of a word is the only picture', async () => {
  const xml = await sectionsXml(await pageSections((await manualPage()).page, true));
  const underlined = [...xml.matchAll(/<w:r>(?:(?!<\/w:r>).)*<w:u w:val="single"\/>(?:(?!<\/w:r>).)*<\/w:r>/gs)];
  expect(underlined.map((m) => /<w:t[^>]*>([^<]*)</.exec(m[0])![1])).toEqual(['Edit Panel']);
  expect(xml.match(/<wp:anchor [^>]*behindDoc="1"/g)).toHaveLength(1);
  // the space before the Courier word is the prose's
  expect(xml).toMatch(/by changing the <\/w:t>(?:(?!<w:t).)*<w:t[^>]*>Fig\.image_editor/s);
  expect(xml).toMatch(/e\.g\. <\/w:t>(?:(?!<w:t).)*<w:t[^>]*>xpaint/s);
});

test('read back by LibreOffice, the line with a word in Courier keeps its last word', async () => {
  await readBackSections(await pageSections((await manualPage()).page, true), (pdf) => {
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/e\.g\. +xpaint +by changing the +Fig\.image_editor +resource\n/);
  });
}, 120_000);
