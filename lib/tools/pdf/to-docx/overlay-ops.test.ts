// A drawing's labels go over its picture as text, and the picture is rendered without the operators that
// show text. pdf.js evaluates a render's operator list apart from getOperatorList's, and a second
// evaluation can differ from the first (it folds a 'q 1 0 0 1 0 0 cm path Q' under a pattern fill): the
// indices taken from the first skipped other operators. The labels were drawn into the picture as well
// as set as text, and when a skipped operator was a transparency group's start the render threw and the
// whole file was refused as damaged (Mixxx's keyboard sheet, Inkscape -> cairo).
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml, mediaParts } from '@/tests/support/pdf-to-docx/docx-parts';

const LABELS = ['WEST GATE', 'NORTH HALL', 'EAST WING', 'SOUTH YARD'];

/** A box filled with an axial shading pattern inside 'q 1 0 0 1 0 0 cm ... Q', crossed by two lines, with
 * upright labels in the four clear triangles; `group` adds a transparency group form after them. */
async function drawingPdf(labels: boolean, group: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const ctx = doc.context;
  const fn = ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [1, 0.8, 0.6], C1: [0.6, 0.8, 1], N: 1 });
  const shading = ctx.obj({ ShadingType: 2, ColorSpace: 'DeviceRGB', Coords: [0, 0, 300, 0], Function: fn });
  const form = ctx.register(
    ctx.stream('0 0.6 0 rg 330 20 40 20 re f', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 400, 300],
      Group: { S: 'Transparency' },
    }),
  );
  page.node.set(
    PDFName.of('Resources'),
    ctx.obj({
      Pattern: { P0: ctx.obj({ PatternType: 2, Shading: shading }) },
      Font: { F1: font.ref },
      XObject: { G0: form },
    }),
  );
  let s = 'q /Pattern cs /P0 scn 0.75 w q 1 0 0 1 0 0 cm 50 50 m 350 50 l 350 250 l 50 250 l h B Q Q';
  s += ' 0 0 0 RG 1 w 60 60 m 340 240 l S 340 60 m 60 240 l S';
  const at = [
    [62, 146],
    [168, 222],
    [268, 146],
    [162, 72],
  ];
  if (labels) LABELS.forEach((t, k) => (s += ` BT /F1 12 Tf ${at[k][0]} ${at[k][1]} Td (${t}) Tj ET`));
  if (group) s += ' q /G0 Do Q';
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(s)));
  return doc.save();
}

/** Dark pixels of the largest picture of a DOCX. */
async function darkPixels(docx: Uint8Array): Promise<number> {
  const parts = Object.values(mediaParts(docx)).sort((a, b) => b.length - a.length);
  const { data } = await sharp(parts[0]).greyscale().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (const v of data) if (v < 60) n++;
  return n;
}

async function convert(labels: boolean, group: boolean): Promise<Uint8Array> {
  return (await convertBytes(await drawingPdf(labels, group), 'drawing.pdf')).docx;
}

test('labels over a pattern-filled drawing are text only: the picture is rendered without them', async () => {
  const bare = await darkPixels(await convert(false, false));
  const docx = await convert(true, false);
  const xml = documentXml(docx);
  for (const t of LABELS) expect(xml.split(t).length - 1).toBe(1);
  // Only the two lines are dark in the picture: the labels' glyphs would add a third as much again.
  expect(await darkPixels(docx)).toBeLessThan(bare * 1.08);
}, 120_000);

test('a transparency group after the labels does not make the render throw', async () => {
  const docx = await convert(true, true);
  const xml = documentXml(docx);
  for (const t of LABELS) expect(xml).toContain(t);
}, 120_000);
