// TeX's bitmap fonts (pdfTeX's Type 3 fonts from METAFONT's bitmaps) have no name: Grace's FAQ came out all in
// upright Arial, its roman, bold heads, italics and typewriter words alike. The face is read off the glyphs
// (bitmap-face-source.ts). pdf.js also went on with one text item across such fonts (all "Type3" to it), so
// an italic title inside roman prose took the roman's face: the item is cut where its glyphs' face changes.
import { PDFDocument, PDFName } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';

const PX = 15; // glyph units (thousandths of an em) a pixel: TeX's 10 pt bitmaps are about 83 px an em
const H = 40; // rows of the "l": a 10 pt ascender at 600 dpi

/** The "l" of a face as rows of ink [from, to), top row first. */
type Glyph = { w: number; rows: (row: number) => [number, number][] };
const FACES: Record<string, Glyph> = {
  // Computer Modern's roman: a 4 px stem, a serif to the left at its top, feet both sides
  roman: { w: 12, rows: (r) => (r < 2 ? [[1, 7]] : r >= H - 2 ? [[0, 12]] : [[4, 8]]) },
  // its sans: a plain bar
  sans: { w: 5, rows: () => [[0, 5]] },
  // its bold: an 8 px stem
  bold: { w: 14, rows: (r) => (r >= H - 2 ? [[0, 14]] : [[3, 11]]) },
  // its italic: a bar leaning a quarter across per row up
  italic: { w: 16, rows: (r) => [[Math.round((H - 1 - r) / 4), Math.round((H - 1 - r) / 4) + 5]] },
};

/** An inline image mask of a glyph (ASCII hex, 1 = ink), drawn over its box in glyph units. */
function bitmap(g: Glyph): string {
  const bytes = Math.ceil(g.w / 8);
  let hex = '';
  for (let r = 0; r < H; r++) {
    const bits = new Array(bytes * 8).fill(0);
    for (const [a, b] of g.rows(r)) for (let x = a; x < b; x++) bits[x] = 1;
    for (let k = 0; k < bytes; k++)
      hex += parseInt(bits.slice(8 * k, 8 * k + 8).join(''), 2)
        .toString(16)
        .padStart(2, '0');
  }
  return `q ${g.w * PX} 0 0 ${H * PX} 0 0 cm BI /W ${g.w} /H ${H} /IM true /BPC 1 /D [1 0] /F /AHx ID ${hex}> EI Q`;
}

/** A nameless Type 3 font whose "l" is the face's bitmap (other letters a box); mono: all one width. */
function font(doc: PDFDocument, g: Glyph, mono: boolean) {
  const ctx = doc.context;
  const names = Array.from({ length: 128 }, (_, c) => `a${c}`);
  const width = (c: number) => (mono ? 525 : 280 + 40 * (c % 7));
  const procs = names.map((n, c) =>
    ctx.register(
      ctx.stream(
        c === 108
          ? `${width(c)} 0 0 0 ${g.w * PX} ${H * PX} d1 ${bitmap(g)}`
          : `${width(c)} 0 0 0 ${width(c) - 60} 450 d1 20 0 ${width(c) - 80} 450 re f`,
      ),
    ),
  );
  return ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, 0, 1000, 1000],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: Object.fromEntries(names.map((n, c) => [n, procs[c]])),
      Encoding: { Type: 'Encoding', Differences: [0, ...names.map((n) => PDFName.of(n))] },
      FirstChar: 0,
      LastChar: 127,
      Widths: names.map((_, c) => width(c)),
      Resources: {},
    }),
  );
}

const LINE = 'all letters held while filling lines of plain words';

test("a bitmap font's face is read off its glyphs, and a line in two such faces is cut between them", async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const fonts = {
    R: font(doc, FACES.roman, false),
    S: font(doc, FACES.sans, false),
    B: font(doc, FACES.bold, false),
    I: font(doc, FACES.italic, false),
    T: font(doc, FACES.roman, true),
  };
  page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: fonts }));
  const lines = (['R', 'S', 'B', 'I', 'T'] as const).map(
    (f, i) => `BT /${f} 10 Tf 72 ${700 - 30 * i} Td (${f}: ${LINE}) Tj ET`,
  );
  // one line as pdfTeX sets it: no space glyphs, words placed by TJ's gaps, the font changed mid-line
  lines.push(
    'BT /R 10 Tf 72 500 Td [(the)-333(roman)-333(calls)]TJ /I 10 Tf 66 0 Td [(all)-333(italic)-333(titles)]TJ ' +
      '/T 10 Tf 66 0 Td [(tell.all)]TJ /R 10 Tf 48 0 Td [(and)-333(roman)-333(again)]TJ ET',
  );
  // a font set inside q ... Q is gone after it: the text after takes the font restored, with no Tf of its own
  // (TeXmacs' session prompts after a graph's labels; the prompt's colour cuts the item in two)
  lines.push('BT /R 10 Tf 72 450 Td (roman words) Tj ET q BT /T 10 Tf 72 420 Td (typed) Tj ET Q');
  lines.push('BT 0.5 0 0 rg 72 390 Td (>) Tj 0 g [(roman)-333(after)-333(the)-333(restore)] TJ ET');
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(lines.join('\n'))));
  const xml = documentXml((await convertBytes(await doc.save(), 'bitmap-faces.pdf')).docx);
  const runs = [...xml.matchAll(/<w:r>(.*?)<\/w:r>/gs)].map(([, r]) => ({
    font: /w:ascii="([^"]+)"/.exec(r)?.[1],
    bold: r.includes('<w:b/>'),
    italic: r.includes('<w:i/>'),
    text: [...r.matchAll(/<w:t[^>]*>([^<]*)/g)].map((m) => m[1]).join(''),
  }));
  const face = (text: string) => {
    const r = runs.find((q) => q.text.includes(text));
    return r && `${r.font}${r.bold ? ' bold' : ''}${r.italic ? ' italic' : ''}`;
  };
  expect(face('R: all')).toBe('Times New Roman');
  expect(face('S: all')).toBe('Arial');
  expect(face('B: all')).toBe('Times New Roman bold');
  // (an italic with neither feet nor a top serif: TeX's usual italic, serif)
  expect(face('I: all')).toBe('Times New Roman italic');
  expect(face('T: all')).toBe('Courier New');
  expect(face('the roman calls')).toBe('Times New Roman');
  expect(face('italic titles')).toBe('Times New Roman italic');
  expect(face('tell.all')).toBe('Courier New');
  expect(face('roman again')).toBe('Times New Roman');
  expect(face('typed')).toBe('Courier New');
  expect(face('roman after the restore')).toBe('Times New Roman');
}, 120_000);
