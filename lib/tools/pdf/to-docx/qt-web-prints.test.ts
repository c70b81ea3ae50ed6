// Web pages printed by Qt (wkhtmltopdf), issue 19, twenty-seventh pass: Debian's python-policy came out 12
// Word pages for 10 and LibreOffice's Access2Base page 3 for 2. A code box's shadow is a fill through a
// clip even-odd between two boxes (only a frame shows) and pictures 2.3 pt thin along its sides; the
// document's bordered body is one box running down the whole web page, each PDF page a window on it.
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { PageData, RawPixels } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { extractFirstPage } from '@/tests/support/pdf-to-docx/extract-page';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

test('a fill through a clip even-odd between two boxes is a frame, not a filled box', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Courier);
  const box = (x: number, y: number, w: number, h: number) =>
    `${x} ${y} m ${x + w} ${y} l ${x + w} ${y + h} l ${x} ${y + h} l h`;
  const ops = [
    // the shadow: a grey fill over the whole box, through the ring between the box and 1.5 pt inside it
    `q ${box(27, 700, 461, 22)} ${box(28.5, 701.5, 458, 19)} W* n 0.85 g 27 700 461 22 re f Q`,
    // a tinted box through a plain clip (an even-odd one of one box) is a box
    `q ${box(27, 600, 461, 22)} W* n 0.9 0.9 1 rg 27 600 461 22 re f Q`,
    `BT /F1 8 Tf 33 708 Td (import foo) Tj ET`,
  ];
  page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: { F1: font.ref } }));
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(ops.join('\n'))));
  const fills = (await extractFirstPage(await doc.save())).fills;
  expect(fills.map((f) => f.color)).toEqual(['#e6e6ff']);
});

const pixels: RawPixels = { width: 4, height: 4, channels: 3, data: new Uint8Array(48).fill(200) };

/** A page of a web print: a paragraph, a code line in a box shadowed by thin pictures, a paragraph. */
function shadowedCode(): PageData {
  return {
    width: 595,
    height: 842,
    runs: [
      textRun('Such a package should support the current Debian Python version.', 27, 430, 300, { size: 8, eol: true }),
      textRun('import foo', 33, 460, 40, { size: 7.5, font: 'DejaVuSansMono', eol: true }),
      textRun('should import the module when the program interpreter is any of', 27, 485, 300, { size: 8, eol: true }),
    ],
    images: [
      { x: 28, y: 446, w: 458, h: 2.3, raw: pixels },
      { x: 27, y: 448, w: 2.3, h: 19, raw: pixels },
      { x: 486, y: 448, w: 2.3, h: 19, raw: pixels },
      { x: 28, y: 467, w: 458, h: 2.3, raw: pixels },
    ],
    segments: [],
    fills: [],
    links: [],
  };
}

test("a box's shadow drawn as thin pictures floats at its place, taking no line of the flow", async () => {
  const page = shadowedCode();
  expect(layoutPage(page, false).icons).toEqual([0, 1, 2, 3]);
  const xml = await sectionsXml(await pageSections(page, true));
  expect(xml).not.toContain('<wp:inline');
  expect(xml.match(/<wp:anchor /g)).toHaveLength(4);
});

test("one ruled box running past the page's foot is a window on a longer page, not a table", () => {
  const sides = (x1: number, y1: number, x2: number, y2: number) => [
    { x1, y1, x2, y2: y1, color: '#000000', width: 0.75 },
    { x1, y1: y2, x2, y2, color: '#000000', width: 0.75 },
    { x1, y1, x2: x1, y2, color: '#000000', width: 0.75 },
    { x1: x2, y1, x2, y2, color: '#000000', width: 0.75 },
  ];
  // (a menu in the body's left column, the news in its right one)
  const runs = Array.from({ length: 40 }, (_, i) => [
    textRun(`Menu entry ${i}`, 100, 60 + 18 * i, 80, { eol: true }),
    textRun(`Fix memory leak number ${i} in the library`, 240, 60 + 18 * i, 200, { eol: true }),
  ]).flat();
  const page = (bottom: number): PageData => ({
    width: 595,
    height: 842,
    runs,
    images: [],
    segments: [...sides(90, 40, 560, bottom), { x1: 220, y1: 40, x2: 220, y2: bottom, color: '#000000', width: 0.75 }],
    fills: [],
    links: [],
  });
  const tables = (p: PageData) =>
    layoutPage(p, false)
      .blocks.flatMap((b) => b.items)
      .filter((it) => it.kind === 'table');
  expect(tables(page(18700))).toHaveLength(0);
  // a ruled box of two columns within the page stays a table
  expect(tables(page(800))).toHaveLength(1);
});
