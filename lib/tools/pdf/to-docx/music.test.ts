// Music notation (issue 19; pdf-real lilypond went from 10 to 17 Word pages): noteheads are glyphs of a
// music font on staves of straight lines, which looked like a ruled table of letters. A music font's glyphs
// make their staff a drawing, rendered as a picture with them, where it was; the score's words in a text font
// (tempo marks, lyrics) stay editable text over it. LaTeX's picture fonts (lcircle10, line10) are drawn glyphs too:
// AMC's corner marks came out as the letter "y".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts, rgb } from 'pdf-lib';
import { convertPdf } from './convert';
import { runsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { editedFonts, extractPages, renamedFont } from '@/tests/support/pdf-to-docx/extract-page';

test('a staff with music-font glyphs becomes a picture, not a table of letters', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const text = await doc.embedFont(StandardFonts.TimesRoman);
  const notes = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Here is a scale starting on middle C, and an arpeggio:', { x: 60, y: 760, size: 11, font: text });
  for (let i = 0; i < 5; i++)
    page.drawLine({
      start: { x: 60, y: 700 + 4 * i },
      end: { x: 500, y: 700 + 4 * i },
      thickness: 0.5,
      color: rgb(0, 0, 0),
    });
  page.drawText('h h h h h h h h', { x: 90, y: 704, size: 16, font: notes });
  // a tempo mark printed in the score, in a text font: a word, kept as text over the picture
  page.drawText('Andante', { x: 90, y: 724, size: 10, font: text });
  page.drawText('q', { x: 150, y: 724, size: 16, font: notes }); // its metronome note
  page.drawText('The easiest way to enter notes is by using relative mode.', { x: 60, y: 660, size: 11, font: text });
  // The notes' font is a music font by name (LilyPond's Emmentaler); pdf.js draws it with a substitute.
  const saved = await renamedFont(await doc.save(), 'Helvetica', 'XDPSRV+Emmentaler-20');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-music-'));
  try {
    const f = path.join(dir, 'scale.pdf');
    fs.writeFileSync(f, saved);
    const r = await convertPdf(f, 'scale.pdf');
    fs.writeFileSync(path.join(dir, 'scale.docx'), r.docx);
    const xml = execFileSync('unzip', ['-p', path.join(dir, 'scale.docx'), 'word/document.xml'], { encoding: 'utf8' });
    expect(xml).toContain('<w:drawing>');
    expect(xml).not.toContain('<w:tbl>');
    const words = runsText(xml, ' ');
    expect(words).toContain('Here is a scale starting on middle C');
    expect(words).toContain('The easiest way to enter notes');
    expect(words).not.toMatch(/\bh h\b/);
    expect(words).toContain('Andante');
    expect(xml).toContain('<w:framePr'); // over the picture, at its place
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

// LilyPond's examples (granados.pdf): Emmentaler's custom encoding gives control codes for its noteheads, beams
// and digits, nearly all of the page's characters; the page was taken for an unreadable text layer and read by
// OCR (a fingering "4" set a line high in Arial, the tempo words upright).
test('a score whose music glyphs are control codes is a picture with its words, not a page for OCR', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 200]);
  const ctx = doc.context;
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const notes = await doc.embedFont(StandardFonts.Helvetica);
  const staff = [0, 1, 2, 3, 4].map((i) => `70 ${100 + 4 * i} m 520 ${100 + 4 * i} l S`).join(' ');
  // 40 glyphs coded 1 to 8, as Emmentaler's subset numbers them
  const codes = Array.from({ length: 40 }, (_, i) => ((i % 8) + 1).toString(16).padStart(2, '0')).join('');
  const ops = `0.5 w ${staff} BT /N 11 Tf 80 104 Td <${codes}> Tj ET BT /T 8 Tf 160 80 Td (cresc. molto) Tj ET`;
  page.node.set(PDFName.of('Resources'), ctx.obj({ Font: { N: notes.ref, T: italic.ref } }));
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(ops)));
  const renamed = await renamedFont(await doc.save(), 'Helvetica', 'ECBSRR+Emmentaler-11');
  // (its glyphs named as Emmentaler's, in no list pdf.js reads text by: the codes are what it gives)
  const names = [
    'noteheads.s2',
    'clefs.G',
    'flags.u3',
    'accidentals.flat',
    'rests.2',
    'dots.dot',
    'ties.lyric',
    'five',
  ];
  const saved = await editedFonts(renamed, 'ECBSRR+Emmentaler-11', (font, d) =>
    font.set(
      PDFName.of('Encoding'),
      d.context.obj({ Type: 'Encoding', Differences: [1, ...names.map((n) => PDFName.of(n))] }),
    ),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-score-'));
  try {
    const f = path.join(dir, 'score.pdf');
    fs.writeFileSync(f, saved);
    const r = await convertPdf(f, 'score.pdf');
    expect(r.ocrPages).toEqual([]);
    expect(r.garbledPages).toEqual([]);
    fs.writeFileSync(path.join(dir, 'score.docx'), r.docx);
    const xml = execFileSync('unzip', ['-p', path.join(dir, 'score.docx'), 'word/document.xml'], { encoding: 'utf8' });
    expect(xml).toContain('<w:drawing>');
    expect(runsText(xml, ' ')).toContain('cresc. molto');
    expect(xml).toContain('<w:i/>');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

test("a LaTeX picture font's glyph is a drawing about its origin, not a letter (AMC's corner marks)", async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const text = await doc.embedFont(StandardFonts.TimesRoman);
  const marks = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('AMC sample test: fill in the boxes with a black pen.', { x: 90, y: 760, size: 10, font: text });
  // lcircle10's disc is code "y", drawn about the point it is set at; one mark in each top corner
  for (const x of [60, 520]) page.drawText('y', { x, y: 790, size: 10, font: marks });
  const saved = await renamedFont(await doc.save(), 'Helvetica', 'UJGXDL+LCIRCLE10');
  const [p] = await extractPages(saved, { renderDpi: 0, maxPages: 1 });
  expect(p.runs.map((r) => r.str.trim()).filter(Boolean)).toEqual([
    'AMC sample test: fill in the boxes with a black pen.',
  ]);
  // a picture an em round each mark's origin (page y 842 - 790 = 52)
  const boxes = p.images.map((i) => [Math.round(i.x), Math.round(i.y), Math.round(i.w), Math.round(i.h)]);
  expect(boxes.sort((a, b) => a[0] - b[0])).toEqual([
    [50, 42, 25, 20],
    [510, 42, 25, 20],
  ]);
});
