// A section cannot end with a framed paragraph: LibreOffice anchors a frame to the paragraph after it, and
// after a section's end that is the next page's, so a page whose only text was framed (a slide's title
// set at the page's edge, LibreOffice's export of a POI test deck) came out blank.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';

const TITLE = 'Radial Gradient Fill On Slide Layout';

/** Two slides: the first one's only text a title reaching past the page's top edge (an edge line, framed),
 * over a picture. */
async function slidesPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([720, 540]);
  // a picture below it (it floats, held by a paragraph of its own before the title's frame)
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#d9d4bf' } })
    .png()
    .toBuffer();
  first.drawImage(await doc.embedPng(png), { x: 210, y: 60, width: 300, height: 300 });
  first.drawText(TITLE, { x: 60, y: 540 - 8, size: 28, font });
  const second = doc.addPage([720, 540]);
  for (let i = 0; i < 5; i++)
    second.drawText(`Second slide, point ${i + 1}`, { x: 60, y: 460 - 40 * i, size: 24, font });
  return doc.save();
}

test('a page whose only text is framed keeps it on its own page (read back by LibreOffice)', async () => {
  const r = await convertBytes(await slidesPdf(), 'slides.pdf');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-sect-frame-'));
  try {
    const file = path.join(dir, 'slides.docx');
    fs.writeFileSync(file, r.docx);
    const [pdf] = docxToPdf([file]);
    const page = (n: number) =>
      execFileSync('pdftotext', ['-f', `${n}`, '-l', `${n}`, pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(page(1)).toContain(TITLE);
    expect(page(2)).toContain('Second slide, point 5');
    expect(page(2)).not.toContain(TITLE);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
