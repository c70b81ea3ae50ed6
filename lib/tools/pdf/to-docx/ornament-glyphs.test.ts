// A figure set as one glyph of a Type 3 font (GLPK's manuals: dvipdfmx's bitmap font of four corner
// ornaments, codes read "M", "L", "J", "K"): a glyph several ems wide is no letter. It is rendered from the
// font's box as a picture floating at its place; the title page keeps its title whole (in the flow, the four
// corners had made a layout table of the page and wrapped the title in its middle cell).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { convertPdf } from './convert';
import { documentXml, runsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { extractFirstPage } from '@/tests/support/pdf-to-docx/extract-page';

/** A title page with an ornament in each corner: one glyph, 6 em wide and 3 em high, of a Type 3 font. */
async function ornaments(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ctx = doc.context;
  const title = await doc.embedFont(StandardFonts.HelveticaBold);
  // a leaf: two curves, filled (d1: its width and box, no colour of its own)
  const leaf = ctx.register(
    ctx.stream('6000 0 0 0 6000 3000 d1 0 1500 m 2000 3000 4000 3000 6000 1500 c 4000 0 2000 0 0 1500 c f'),
  );
  const font = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, 0, 6000, 3000],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { x4D: leaf },
      Encoding: { Type: 'Encoding', Differences: [77, PDFName.of('x4D')] },
      FirstChar: 77,
      LastChar: 77,
      Widths: [6000],
    }),
  );
  page.node.set(PDFName.of('Resources'), ctx.obj({ Font: { O: font, T: title.ref } }));
  const corners = [
    [72, 690],
    [468, 690],
    [72, 80],
    [468, 80],
  ];
  const ops = [
    ...corners.map(([x, y]) => `BT /O 12 Tf ${x} ${y} Td (M) Tj ET`),
    'BT /T 20 Tf 160 556 Td (GNU Linear Programming Kit) Tj ET',
  ];
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(ops.join('\n'))));
  return doc.save();
}

test('a Type 3 glyph six ems wide is a picture from its font box, not the letter "M"', async () => {
  const p = await extractFirstPage(await ornaments());
  expect(p.runs.map((r) => r.str.trim()).filter(Boolean)).toEqual(['GNU Linear Programming Kit']);
  const boxes = p.images.map((i) => [Math.round(i.x), Math.round(i.y), Math.round(i.w), Math.round(i.h), i.glyph]);
  // 72 wide, 36 high over the baseline (page y 792 - 690 = 102: top 66), a point round
  expect(boxes.sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0]))).toEqual([
    [71, 65, 74, 38, true],
    [467, 65, 74, 38, true],
    [71, 675, 74, 38, true],
    [467, 675, 74, 38, true],
  ]);
});

test('the ornaments float at their places; the title stays one line in the flow', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-ornament-'));
  try {
    const f = path.join(dir, 'title.pdf');
    fs.writeFileSync(f, await ornaments());
    const xml = documentXml((await convertPdf(f, 'title.pdf')).docx);
    expect(xml).not.toContain('<w:tbl>');
    expect(xml.match(/<wp:anchor /g)).toHaveLength(4);
    expect(runsText(xml, ' ')).toContain('GNU Linear Programming Kit');
    expect(runsText(xml, ' ')).not.toMatch(/\bM\b/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
