// TeX's bitmap fonts (pdfTeX's Type 3 fonts: glyph names /a28, no ToUnicode) give their ligatures, dashes
// and quotes as control characters; the DOCX cannot hold those, so "configuration" came out "conguration"
// and "3–5" as "35" (the dlt-viewer manual, strucchange's vignette: recall 0.969, 0.976). They are read by
// TeX's encodings: Cork (T1), or OT1 where the font uses codes 14-15.
import { PDFDocument, PDFName } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { words } from '@/tests/support/pdf-to-docx/measure';

const hex = (s: string) => `<${Buffer.from(s, 'latin1').toString('hex')}>`;

/**
 * A page of Type 3 fonts whose glyphs are named as pdfTeX names its bitmap glyphs (every code /aNN, a box
 * each), no ToUnicode: each font by its resource name, with its FontName when given (as TeXmacs names CMSY10).
 */
async function type3Pdf(
  fonts: Record<string, string | null>,
  lines: [font: string, text: string][],
  codes = 128,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ctx = doc.context;
  const glyph = ctx.register(ctx.stream('500 0 0 0 400 600 d1 0 0 400 600 re f'));
  const names = Array.from({ length: codes }, (_, c) => `a${c}`);
  const font = (name: string | null) =>
    ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'Type3',
        FontBBox: [0, 0, 1000, 1000],
        FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
        ...(name ? { FontDescriptor: { Type: 'FontDescriptor', FontName: PDFName.of(name), Flags: 4 } } : {}),
        CharProcs: Object.fromEntries(names.map((n) => [n, glyph])),
        Encoding: { Type: 'Encoding', Differences: [0, ...names.map((n) => PDFName.of(n))] },
        FirstChar: 0,
        LastChar: codes - 1,
        Widths: names.map(() => 500),
        Resources: {},
      }),
    );
  const resources = Object.fromEntries(Object.entries(fonts).map(([key, name]) => [key, font(name)]));
  page.node.set(PDFName.of('Resources'), ctx.obj({ Font: resources }));
  const ops = lines.map(([f, text], i) => `BT /${f} 12 Tf 72 ${700 - 24 * i} Td ${hex(text)} Tj ET`);
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(ops.join('\n'))));
  return doc.save();
}

test("a TeX bitmap font's ligatures, dashes and quotes are read by TeX's encodings", async () => {
  const pdf = await type3Pdf({ T1: null, OT: null, GB: null }, [
    // Cork (T1): fi 28, fl 29, ffi 30, en dash 21, quotes 16 and 17
    ['T1', 'the con\x1cguration of the \x1dow, on pages 3\x155, is \x10e\x1ecient\x11'],
    // OT1 (Computer Modern): ffi 14; 28 is o with stroke there
    ['OT', 'an e\x0ecient route to K\x1cbenhavn'],
    // codes given in drawing order (a font that is not text): left alone
    ['GB', '\x01\x02\x1c\x03\x1d\x04 17'],
  ]);
  const xml = documentXml((await convertBytes(pdf, 'tex.pdf')).docx);
  expect(xml).toContain('the configuration of the flow, on pages 3\u20135, is \u201Cefficient\u201D');
  expect(xml).toContain('an efficient route to K\u00F8benhavn');
  expect(xml).toContain('17');
  expect(xml).not.toMatch(/fi[^a-z]*fl[^a-z]*17/);
}, 120_000);

test("the recall measure does not count a word the source's text cannot spell", () => {
  // pdftotext gives the source's codes as they are: "configuration" is not "con" and "guration"
  expect(words('the con\x1cguration \ufb01le\fpage two')).toEqual(['the', 'file', 'page', 'two']);
  // a NUL draws nothing: the word around it counts
  expect(words('Do nothing.\x00 ST\x00')).toEqual(['do', 'nothing', 'st']);
});

test("TeX's math fonts without a ToUnicode are read by TeX's math encodings", async () => {
  // giac's graph theory guide (TeXmacs): "p ≡ 1 (mod 4)" lost its "≡", "p − 1" read "p ¡ 1", the items'
  // bullets were dropped, "0, 1, ..., p" read "0; 1; :::; p"
  // (as TeXmacs embeds them: no ToUnicode, no glyph names pdf.js reads)
  const fonts = { SY: 'CMSY10', MI: 'CMMI10', S2: 'CMSY10' };
  const pdf = await type3Pdf(
    fonts,
    [
      ['SY', 'p \x11 1 and q \x14 p \xa1 1 \x0f'],
      ['MI', '\x1b \x0e\x15 0;1;:::;p'],
      // the same face with no raw code on the page: its "·" and "©" are what a ToUnicode gave, kept
      ['S2', 'a \xb7 b \xa9c'],
    ],
    256,
  );
  const xml = documentXml((await convertBytes(pdf, 'texmacs.pdf')).docx);
  expect(xml).toContain('p \u2261 1 and q \u2264 p \u2212 1 \u2022');
  expect(xml).toMatch(/\u03C3(?:<[^>]+>)*\s*\u03B4\u03BB(?:<[^>]+>)*\s*0,1,\.\.\.,p/);
  expect(xml).toContain('a \u00B7 b \u00A9c');
}, 120_000);

// Code 127 in TeX's T1 and T2A fonts is a hyphen kept for breaking words (Bulgarian lshort: "изме" at a
// line's end, "нено" on the next); pdf.js gave it as DEL, so the halves did not join.
test("TeX's break hyphen at code 127 is read as a hyphen", async () => {
  const pdf = await type3Pdf({ T1: null }, [['T1', 'a word broken at the line end, hy\x7f']]);
  const xml = documentXml((await convertBytes(pdf, 'hyphen.pdf')).docx);
  expect(xml).toContain('line end, hy-');
  expect(xml).not.toContain('\x7f');
}, 120_000);

// glpk's manual (dvipdfmx 2010): Computer Modern whose ToUnicode maps ff and ffi but not fi and fl, so pdf.js
// gives their codes, 12 and 13, and takes them for white space ("con guration", " le"). Shown here by a font of
// that name with no ToUnicode: codes 11-13 are white space to pdf.js, 14 (ffi) a control code.
test("Computer Modern's ligatures that pdf.js reads as white space are read as the letters", async () => {
  const pdf = await type3Pdf({ CM: 'CMR10' }, [
    ['CM', 'the con\x0cguration file'],
    ['CM', '\x0cle and \x0dag, o\x0bset'],
  ]);
  const xml = documentXml((await convertBytes(pdf, 'cm.pdf')).docx);
  expect(xml).toContain('the configuration file');
  expect(xml).toMatch(/file and flag, offset/);
}, 120_000);

// A contents page: the same font sets the entries and their dot leaders, so its text was less than half
// letters and its codes were left as they were: Grace's guide read "Project les", "Input le formats".
test("a bitmap font's codes are read on a contents page full of dot leaders", async () => {
  const leader = ' .'.repeat(40);
  const pdf = await type3Pdf({ T1: null }, [
    ['T1', `3.1.1 Project \x1cles${leader} 8`],
    ['T1', `3.1.3 Input \x1cle formats${leader} 9`],
  ]);
  const xml = documentXml((await convertBytes(pdf, 'contents.pdf')).docx);
  expect(xml).toContain('Project files');
  expect(xml).toContain('Input file formats');
}, 120_000);
