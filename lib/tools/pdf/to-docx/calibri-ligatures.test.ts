// Word writes Calibri's ti, tt, tti and ft ligatures with codes its ToUnicode leaves out, and pdf.js gives them
// as Ɵ, Ʃ, ƫ and Ō (their places in Calibri's map, cut to 16 bits): SIL's Harmattan features came out
// "HarmaƩan", "operaƟons", "MicrosoŌ". The page made here gives pdf.js the same characters through its
// ToUnicode, in a font named as Word names a Calibri subset, with the ligature glyphs as items of their own.
import { PDFDocument, PDFName } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml, runsText } from '@/tests/support/pdf-to-docx/docx-parts';

const LIGATURE_CODES: Record<string, string> = { '\x80': '019F', '\x81': '01A9', '\x82': '01AB', '\x83': '014C' };

async function wordCalibriPdf(fontName: string, lines: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ctx = doc.context;
  const ascii = Array.from({ length: 95 }, (_, i) => `<${(32 + i).toString(16)}> <00${(32 + i).toString(16)}>`);
  const ligatures = Object.entries(LIGATURE_CODES).map(([c, u]) => `<${c.charCodeAt(0).toString(16)}> <${u}>`);
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${ascii.length} beginbfchar ${ascii.join(' ')} endbfchar`,
    `${ligatures.length} beginbfchar ${ligatures.join(' ')} endbfchar`,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const font = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'TrueType',
      BaseFont: fontName,
      FirstChar: 32,
      LastChar: 131,
      Widths: Array.from({ length: 100 }, () => 500),
      FontDescriptor: ctx.obj({
        Type: 'FontDescriptor',
        FontName: fontName,
        Flags: 32,
        FontBBox: [0, -250, 1000, 750],
        ItalicAngle: 0,
        Ascent: 750,
        Descent: -250,
        CapHeight: 650,
        StemV: 80,
      }),
      ToUnicode: ctx.register(ctx.stream(cmap)),
    }),
  );
  page.node.set(PDFName.of('Resources'), ctx.obj({ Font: { F1: font } }));
  const hex = (s: string) => `<${Buffer.from(s, 'latin1').toString('hex')}>`;
  // each piece a text object of its own at its place on the line, as Word draws a ligature from another font
  const ops = lines.flatMap((pieces, i) => {
    let x = 72;
    return pieces.map((p) => {
      const op = `BT /F1 11 Tf ${x} ${700 - 20 * i} Td ${hex(p)} Tj ET`;
      x += p.length * 5.5;
      return op;
    });
  });
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(ops.join('\n'))));
  return doc.save();
}

test("Word's Calibri ligatures are read as their letters; a name's real Ō and other fonts' are left", async () => {
  const pdf = await wordCalibriPdf('JJLFFA+Calibri', [
    ['The Harma', '\x81', 'an font includes opera', '\x80', 'ons'],
    ['Feature se', '\x82', 'ngs in Microso', '\x83', ' Word a', '\x83', 'er all'],
    ['\x80', 'me to visit ', '\x83', 'saka'],
  ]);
  const xml = documentXml((await convertBytes(pdf, 'word.pdf')).docx);
  const text = runsText(xml);
  expect(text).toContain('The Harmattan font includes operations');
  expect(text).toContain('Feature settings in Microsoft Word after all');
  expect(text).toContain('time to visit \u014Csaka');
  const other = await wordCalibriPdf('JJLFFA+Gentium', [['Harma', '\x81', 'an']]);
  expect(documentXml((await convertBytes(other, 'other.pdf')).docx)).toContain('\u01A9');
}, 120_000);
