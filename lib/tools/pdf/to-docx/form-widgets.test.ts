// Forms and hidden layers (issue 19; pdf-real acrotex came out 15 Word pages for 11, recall 0.969): a form
// field's caption and value are drawn by its appearance, which pdf.js's text content leaves out, and its
// appearance's boxes were placed at the page's corner; optional content a viewer hides (Acrobat's page
// "Background" layer) and paths that paint nothing visible made pictures that swallowed the text near them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFName, PDFString, StandardFonts, drawObject, popGraphicsState, pushGraphicsState, rgb } from 'pdf-lib';
import { convertPdf } from './convert';
import { docxToPdf, pdftotext, wordRecall, words } from '@/tests/support/pdf-to-docx/measure';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-forms-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a button's caption and a field's value are page text where they show, once; their boxes stay in place", async () => {
  const { doc, font, page } = await madePage();
  page.drawText('Solve each, passing is 100%.', { x: 170, y: 500, size: 10, font });
  const form = doc.getForm();
  const begin = form.createButton('begin');
  begin.addToPage('Begin', page, { x: 130, y: 496, width: 34, height: 14, backgroundColor: rgb(0.75, 0.75, 0.75) });
  const answer = form.createTextField('answer');
  answer.setText('Answer 42');
  answer.addToPage(page, { x: 200, y: 400, width: 150, height: 16, backgroundColor: rgb(0.9, 0.9, 1) });
  const p = await extractFirstPage(await doc.save());
  const run = (s: string) => p.runs.filter((r) => r.str.includes(s));
  // pdf.js's text content has neither
  expect(run('Begin')).toHaveLength(1);
  const b = run('Begin')[0];
  expect(b.x).toBeGreaterThanOrEqual(130);
  expect(b.x + b.w).toBeLessThanOrEqual(164.5);
  expect(b.y).toBeGreaterThan(792 - 510);
  expect(b.y).toBeLessThan(792 - 496);
  // the value: once (its appearance), not a second time from the field's value
  expect(run('Answer 42')).toHaveLength(1);
  expect(run('Answer 42')[0].y).toBeGreaterThan(792 - 416);
  expect(run('Answer 42')[0].y).toBeLessThan(792 - 400);
  // the fields' filled boxes are where the fields are (they were at the page's bottom-left corner)
  expect(p.fills.length).toBeGreaterThan(0);
  for (const f of p.fills) expect(f.x).toBeGreaterThanOrEqual(129);
  expect(run('Solve each')).toHaveLength(1);
}, 60_000);

test('a hidden layer and a drawing that paints nothing are no pictures; the text beside them stays', async () => {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  for (let i = 0; i < 12; i++)
    page.drawText(`Line ${i + 1} of the workflow text.`, { x: 150, y: 600 - 14 * i, size: 10, font });
  // margin labels, as an article's margin notes
  page.drawText('create quiz', { x: 20, y: 600, size: 8, font });
  page.drawText('save quiz', { x: 20, y: 460, size: 8, font });
  // (1) Acrobat's page background: a coloured band with a diagonal edge, in a layer the viewer hides
  const ocg = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Background') }));
  doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: [ocg], D: { Order: [ocg], OFF: [ocg] } }));
  const band = doc.context.register(
    doc.context.stream('0.2 0.4 0.8 rg 0 200 m 90 220 l 90 792 l 0 792 l f', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 612, 792],
      OC: ocg,
    }),
  );
  page.node.setXObject(PDFName.of('Bg'), band);
  page.pushOperators(pushGraphicsState(), drawObject('Bg'), popGraphicsState());
  // (2) white on white: a curve that paints nothing visible, around a label at the page's foot
  page.drawSvgPath('M 0 0 C 20 20 60 20 80 0 L 80 -30 L 0 -30 Z', { x: 400, y: 120, color: rgb(1, 1, 1) });
  page.drawText('foot', { x: 420, y: 100, size: 8, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.images).toEqual([]);
  const text = p.runs.map((r) => r.str).join(' ');
  expect(text).toContain('create quiz');
  expect(text).toContain('save quiz');
  expect(text).toContain('foot');
  expect(text).toContain('Line 12 of the workflow');
}, 60_000);

test('a dense form (lines set closer than a line apart) stays on its page: its lines are framed in place', async () => {
  const { doc, font, page } = await madePage();
  // 56 rows 13 pt apart, each with a caption set 6 pt under it, overlapping it: in the flow each line
  // pushed the next one down (2 Word pages for 1)
  for (let i = 0; i < 56; i++) {
    const y = 760 - i * 13;
    page.drawText(`${i + 1} Wages, salaries, tips. Attach Form W-2`, { x: 40, y, size: 9, font });
    page.drawText(`caption ${i + 1} set under the field`, { x: 200, y: y - 6, size: 9, font });
  }
  const file = path.join(dir, 'dense.pdf');
  fs.writeFileSync(file, await doc.save());
  const r = await convertPdf(file, 'dense.pdf');
  const docx = path.join(dir, 'dense.docx');
  fs.writeFileSync(docx, r.docx);
  const [pdf] = docxToPdf([docx]);
  expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1])).toBe(1);
  expect(wordRecall(words(pdftotext(file)), words(pdftotext(pdf)))).toBeGreaterThan(0.97);
}, 120_000);
