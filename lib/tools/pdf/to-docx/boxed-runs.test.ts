// A letter in a box drawn round it (AMC's multiple-choice sheets: "[A] Cayenne", four thin rules a box):
// the rules were pictures against the page that drifted off their letters in Word, the bottom one an
// underline. The box is the run's character border now, and the rules are no lone rules.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { boxedRuns } from './boxed-runs';
import { loneRules } from './lone-rules';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';

/** "X" at (x, y) in a box of four 0.5 pt rules drawn one by one, as TeX's \fbox draws it. */
function boxedLetter(page: PDFPage, font: PDFFont, letter: string, x: number, y: number): void {
  page.drawText(letter, { x, y, size: 10, font });
  const w = font.widthOfTextAtSize(letter, 10);
  const [x1, x2, y1, y2] = [x - 2.2, x + w + 2.2, y - 2.2, y + 9];
  const line = (a: [number, number], b: [number, number]) =>
    page.drawLine({ start: { x: a[0], y: a[1] }, end: { x: b[0], y: b[1] }, thickness: 0.5, color: rgb(0, 0, 0) });
  line([x1, y2], [x2, y2]);
  line([x1, y1], [x1, y2]);
  line([x2, y1], [x2, y2]);
  line([x1, y1], [x2, y1]);
}

async function answerSheet(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  page.drawText('Question 2   What is the capital of Egypt?', { x: 72, y: 720, size: 10, font });
  ['Cayenne', 'Caracas', 'Cairo'].forEach((answer, i) => {
    boxedLetter(page, font, 'ABC'[i], 84, 700 - 16 * i);
    page.drawText(answer, { x: 100, y: 700 - 16 * i, size: 10, font });
  });
  // answers across one line, far apart (the DOCX sets them with tabs)
  ['Accra', 'Addis Abeba', 'Ankara'].forEach((answer, i) => {
    boxedLetter(page, font, 'ABC'[i], 120 + 110 * i, 600);
    page.drawText(answer, { x: 136 + 110 * i, y: 600, size: 10, font });
  });
  // not boxed runs: a frame round a paragraph, wider than its words; a box round two words set apart
  page.drawRectangle({ x: 68, y: 520, width: 300, height: 30, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
  page.drawText('A note in a frame.', { x: 76, y: 531, size: 10, font });
  page.drawText('Yes', { x: 84, y: 480, size: 10, font });
  // in another face, so that pdf.js gives it as an item of its own
  page.drawText('No', { x: 106, y: 480, size: 10, font: await doc.embedFont(StandardFonts.TimesRoman) });
  page.drawRectangle({ x: 81, y: 474, width: 42, height: 15, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
  return doc.save();
}

test('a letter alone in a drawn box is a boxed run; its rules are no lone rules and no underline', async () => {
  const page = boxedRuns(await extractFirstPage(await answerSheet()));
  const boxed = page.runs.filter((r) => r.boxed);
  expect(boxed.map((r) => r.str.trim())).toEqual(['A', 'B', 'C', 'A', 'B', 'C']);
  expect(boxed.every((r) => r.boxed!.color === '#000000' && Math.abs(r.boxed!.width - 0.5) < 0.05)).toBe(true);
  expect(page.runs.some((r) => r.underline)).toBe(false);
  const rules = loneRules(page, []);
  // what is left: the frame's four sides and the two-word box's four
  expect(rules).toHaveLength(8);
  expect(rules.every((r) => (r.x < 70 || r.x > 80) && r.y < 320)).toBe(true);
});

test('in Word the border goes round the letter alone, not its tab, and LibreOffice draws it there', async () => {
  const { docx } = await convertBytes(await answerSheet(), 'sheet.pdf');
  const xml = documentXml(docx);
  const runs = [...xml.matchAll(/<w:r>(.*?)<\/w:r>/gs)].map((m) => m[1]);
  const bordered = runs.filter((r) => r.includes('<w:bdr '));
  expect(bordered.map((r) => /<w:t[^>]*>([^<]*)<\/w:t>/.exec(r)?.[1])).toEqual(['A', 'B', 'C', 'A', 'B', 'C']);
  expect(bordered.some((r) => r.includes('<w:tab/>'))).toBe(false);
  expect(xml).not.toContain('<w:u ');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-boxed-'));
  try {
    const file = path.join(dir, 'sheet.docx');
    fs.writeFileSync(file, docx);
    const pdf = docxToPdf([file])[0];
    expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toMatch(/A\s+Cayenne/);
    // each letter's box, as LibreOffice drew it: dark columns just left and right of the letter
    const bbox = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    // the boxed letters (not the frame's note's "A", a word of its own at the margin)
    const letters = [
      ...bbox.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([ABC])</g),
    ].filter((m) => Number(m[1]) > 80);
    expect(letters).toHaveLength(6);
    execFileSync('pdftoppm', ['-r', '144', '-gray', '-png', '-singlefile', pdf, path.join(dir, 'page')]);
    const { data, info } = await sharp(path.join(dir, 'page.png')).raw().toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) =>
      data[(Math.round(y * 2) * info.width + Math.round(x * 2)) * info.channels] < 128;
    // a side: a dark pixel within 3 pt of the letter's edge, at the letter's middle height
    const side = (from: number, step: number, y: number) =>
      [1, 2, 3, 4, 5, 6].some((k) => dark(from + step * k * 0.5, y));
    for (const [, x1, y1, x2, y2] of letters) {
      const mid = (Number(y1) + Number(y2)) / 2;
      expect(side(Number(x1), -1, mid) && side(Number(x2), 1, mid)).toBe(true);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function checkBoxSheet(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman);
  page.drawText('Question 1   Which of the following events are taking place during the year 1971?', {
    x: 72,
    y: 720,
    size: 10,
    font,
  });
  // AMC's empty boxes: four 0.5 pt rules, 9 pt square, standing on the answer's baseline less a point
  const box = (x: number, y: number) =>
    page.drawRectangle({ x, y: y - 1, width: 9, height: 9, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
  ['The Soviet Union launches Salyut 1', 'The first commercial Concorde flight takes off'].forEach((a, i) => {
    box(84, 700 - 16 * i);
    page.drawText(a, { x: 98, y: 700 - 16 * i, size: 10, font });
  });
  ['Accra', 'Addis Abeba', 'Ankara'].forEach((a, i) => {
    box(120 + 110 * i, 640);
    page.drawText(a, { x: 134 + 110 * i, y: 640, size: 10, font });
  });
  // a square with no words after it (a barcode's cell, a drawing's part) stays a rule
  box(400, 560);
  return doc.save();
}

test('an empty box before its answer is a ballot box in its line; one with no words after it stays rules', async () => {
  const page = boxedRuns(await extractFirstPage(await checkBoxSheet()));
  const ballots = page.runs.filter((r) => r.str === '☐');
  expect(ballots.map((r) => [Math.round(r.x), Math.round(r.y)])).toEqual([
    [84, 92],
    [84, 108],
    [120, 152],
    [230, 152],
    [340, 152],
  ]);
  expect(loneRules(page, []).filter((r) => r.x >= 399 && r.x <= 410)).toHaveLength(4);
  expect(loneRules(page, [])).toHaveLength(4);
});

test("in Word the ballot box stays on its answer's line, as LibreOffice sets it", async () => {
  const { docx } = await convertBytes(await checkBoxSheet(), 'boxes.pdf');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-ballot-'));
  try {
    const file = path.join(dir, 'boxes.docx');
    fs.writeFileSync(file, docx);
    const pdf = docxToPdf([file])[0];
    const bbox = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    const word = (w: string) =>
      [...bbox.matchAll(/xMin="([\d.]+)" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">([^<]+)</g)]
        .filter((m) => m[3] === w)
        .map((m) => ({ x: Number(m[1]), bottom: Number(m[2]) }));
    const boxes = word('☐');
    expect(boxes).toHaveLength(5);
    // each box's line holds its answer's first word, just after it
    const answers = ['The', 'Accra', 'Addis', 'Ankara'].flatMap((first) => word(first).filter((a) => a.x > 80));
    expect(answers).toHaveLength(5);
    for (const a of answers)
      expect(boxes.some((b) => Math.abs(b.bottom - a.bottom) < 3 && a.x - b.x > 5 && a.x - b.x < 25)).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
