// Rules and boxes that are not a table's (issue 19, tenth pass): a form's fill-in line and check box, a rule
// under a heading, a frame around a paragraph were dropped. They are pictures of their colour behind the text
// at their place now; a rule under words is their underline; a white rule and a table's rules are not drawn.
import { StandardFonts, rgb } from 'pdf-lib';
import { pageSections } from './build-docx';
import { loneRules } from './lone-rules';
import { layoutPage } from './layout';
import { drawGrid, extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

async function formPage(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  page.drawText('Application form', { x: 72, y: 720, size: 16, font });
  // a rule under the heading, across the text area, 1.5 pt
  page.drawLine({ start: { x: 72, y: 710 }, end: { x: 540, y: 710 }, thickness: 1.5, color: rgb(0.2, 0.2, 0.6) });
  // a fill-in line after its label, and a check box
  page.drawText('Name:', { x: 72, y: 660, size: 11, font });
  page.drawLine({ start: { x: 110, y: 658 }, end: { x: 400, y: 658 }, thickness: 0.5 });
  page.drawRectangle({ x: 72, y: 620, width: 9, height: 9, borderWidth: 0.75, borderColor: rgb(0, 0, 0) });
  page.drawText('I agree', { x: 86, y: 621, size: 11, font });
  // a frame around a paragraph
  page.drawRectangle({ x: 68, y: 540, width: 300, height: 50, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  page.drawText('A note in a box: read it before you sign.', { x: 76, y: 560, size: 11, font });
  // underlined words: the rule just under the baseline, as wide as the words
  const w = font.widthOfTextAtSize('underlined words', 11);
  page.drawText('underlined words', { x: 72, y: 500, size: 11, font });
  page.drawLine({ start: { x: 72, y: 498.5 }, end: { x: 72 + w, y: 498.5 }, thickness: 0.6 });
  // a white rule (invisible) and a small ruled table with text
  page.drawLine({ start: { x: 72, y: 470 }, end: { x: 540, y: 470 }, thickness: 1, color: rgb(1, 1, 1) });
  drawGrid(page, { x: 72, y: 380, w: 300, h: 60, rows: 3, cols: 3 }, { thickness: 0.75, color: rgb(0, 0, 0) });
  for (let c = 0; c < 3; c++)
    for (let r = 0; r < 3; r++) page.drawText(`cell ${c}${r}`, { x: 77 + 100 * c, y: 425 - 20 * r, size: 10, font });
  return doc.save();
}

test('lone rules, a check box and a frame are drawn at their place; underlines, white and table rules are not', async () => {
  const p = await extractFirstPage(await formPage());
  const layout = layoutPage(p, false);
  const tables = layout.blocks.flatMap((b) => b.items.flatMap((it) => (it.kind === 'table' ? [it.box] : [])));
  expect(tables).toHaveLength(1);
  const rules = loneRules(p, tables);
  const at = (x: number, y: number, w: number, h: number) =>
    rules.filter(
      (r) => Math.abs(r.x - x) < 1 && Math.abs(r.y - y) < 1 && Math.abs(r.w - w) < 1 && Math.abs(r.h - h) < 1,
    );
  // heading rule (PDF y 710 -> page y 82, 1.5 pt thick, its colour), fill-in line (0.5 pt)
  expect(at(72, 81.25, 468, 1.5)).toEqual([expect.objectContaining({ color: '#333399' })]);
  expect(at(110, 133.75, 290, 0.5)).toHaveLength(1);
  // the check box's four sides and the frame's four sides
  expect(rules.filter((r) => r.x >= 71 && r.x <= 82 && r.y >= 162 && r.y <= 173)).toHaveLength(4);
  expect(rules.filter((r) => r.x >= 67 && r.x <= 369 && r.y >= 201 && r.y <= 253 && r.w + r.h > 45)).toHaveLength(4);
  // nothing else: not the underline, not the white rule, not the table's grid
  expect(rules).toHaveLength(10);
  const underlined = p.runs.filter((r) => r.underline).map((r) => r.str);
  expect(underlined.join(' ')).toContain('underlined words');
  expect(p.runs.filter((r) => r.underline && !r.str.includes('underlined'))).toHaveLength(0);
});

test('in the DOCX the rules are pictures behind the text, the underlined words a run underlined', async () => {
  const p = await extractFirstPage(await formPage());
  const xml = await sectionsXml(await pageSections(p, true));
  // 6 rules behind the text, each anchored to the page; the check box before its words is the ballot box
  // character in their line (boxed-runs.ts)
  expect(xml.match(/<wp:anchor [^>]*behindDoc="1"/g)?.length).toBe(6);
  expect(xml).toContain('☐ I agree');
  expect(xml).toMatch(/<w:u w:val="single"\/>(?:(?!<\/w:r>).)*underlined words/s);
  expect(xml).toContain('Application form');
});

test('a dense form laid out as framed bands (no Word tables) draws its ruled grid too', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  // rows each with a caption set 6 pt under it, overlapping it: the flow would push each row down, so the
  // page falls back to framed bands (form-widgets.test.ts)
  for (let i = 0; i < 50; i++) {
    page.drawText(`${i + 1} Wages, salaries, tips`, { x: 40, y: 760 - i * 13, size: 9, font });
    page.drawText(`caption ${i + 1} set under the field`, { x: 90, y: 754 - i * 13, size: 9, font });
  }
  drawGrid(page, { x: 72, y: 40, w: 300, h: 60, rows: 3, cols: 3 }, { thickness: 0.75, color: rgb(0, 0, 0) });
  for (let c = 0; c < 3; c++)
    for (let r = 0; r < 3; r++) page.drawText(`cell ${c}${r}`, { x: 77 + 100 * c, y: 85 - 20 * r, size: 10, font });
  const xml = await sectionsXml(await pageSections(await extractFirstPage(await doc.save()), true));
  expect(xml).not.toContain('<w:tbl>');
  expect(xml).toContain('w:framePr');
  // the grid's 4 + 4 lines
  expect(xml.match(/<wp:anchor [^>]*behindDoc="1"/g)?.length).toBe(8);
});

test('the rules take no room: the text area starts 1 pt higher for their 1 pt anchor paragraph', async () => {
  const made = async (rule: boolean) => {
    const { doc, font, page } = await madePage(StandardFonts.Helvetica);
    page.drawText('The first line of the page', { x: 72, y: 750, size: 11, font });
    page.drawText('and the second one under it.', { x: 72, y: 736, size: 11, font });
    if (rule) page.drawLine({ start: { x: 72, y: 100 }, end: { x: 540, y: 100 }, thickness: 0.5 });
    return sectionsXml(await pageSections(await extractFirstPage(await doc.save()), true));
  };
  const top = (xml: string) => Number(/<w:pgMar w:top="(\d+)"/.exec(xml)?.[1]);
  // the spacing before the first line of text
  const before = (xml: string) =>
    Number(/w:before="(\d+)"[^]*?The first line/.exec(xml.split('</w:drawing>').pop()!)?.[1]);
  const [plain, ruled] = [await made(false), await made(true)];
  expect(ruled).toContain('behindDoc="1"');
  expect(top(ruled)).toBe(top(plain) - 20);
  expect(before(ruled)).toBe(before(plain));
});
