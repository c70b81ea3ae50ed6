// Text at a slant outside any drawing (a watermark across the page) is an upright text box floating behind
// the text, not a line of the flow: as a 50 pt line among the body it pushed the page's text on to the next
// Word page (OpenSM's release notes, FrameMaker -> Distiller: 14 Word pages for 10).
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';

const MARK = 'Acme Draft Copy';
const OBLIQUE = 'An oblique line set with a sheared face, in the middle of the body.';

async function watermarkedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < 40; i++)
    if (i !== 20)
      page.drawText(`Body line ${i + 1} of the page, set in the flow as any paragraph of text would be.`, {
        x: 72,
        y: 720 - i * 16,
        size: 11,
        font,
      });
  // a sheared (false italic) line is upright: it stays in the flow
  page.drawText(OBLIQUE, { x: 72, y: 720 - 20 * 16, size: 11, font, xSkew: degrees(0), ySkew: degrees(14) });
  page.drawText(MARK, { x: 150, y: 250, size: 50, font: bold, rotate: degrees(45), color: rgb(0.8, 0.8, 0.8) });
  return doc.save();
}

test('a slanted watermark is a text box behind the text, out of the flow', async () => {
  const r = await convertBytes(await watermarkedPdf(), 'watermarked.pdf');
  const xml = documentXml(r.docx);
  const at = xml.indexOf(MARK);
  expect(at).toBeGreaterThan(0);
  // inside a floating shape's text box, and that shape is behind the text
  const anchor = xml.lastIndexOf('<wp:anchor', at);
  expect(anchor).toBeGreaterThan(-1);
  expect(xml.indexOf('</wp:anchor>', anchor)).toBeGreaterThan(at);
  expect(xml.slice(anchor, at)).toContain('<wps:txbx');
  expect(xml.slice(anchor, xml.indexOf('>', anchor))).toContain('behindDoc="1"');
  // the body lines are all there, in order
  expect(xml).toContain('Body line 1 of the page');
  expect(xml.indexOf('Body line 40 ')).toBeGreaterThan(xml.indexOf('Body line 39 '));
  const oblique = xml.indexOf(OBLIQUE);

  expect(oblique).toBeGreaterThan(xml.indexOf('Body line 20 '));
  expect(oblique).toBeLessThan(xml.indexOf('Body line 22 '));
  expect(xml.lastIndexOf('<wp:anchor', oblique)).toBeLessThan(xml.indexOf('Body line 20 '));
  expect(r.pages).toBe(1);
}, 120_000);

test('a watermark longer than the page is wide is set smaller in its box, all its words shown', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText('A letter with a watermark across it.', { x: 72, y: 720, size: 11, font });
  // 90 pt along the diagonal: about 740 pt long, wider than the 612 pt page
  const long = 'Text Watermark';
  page.drawText(long, { x: 90, y: 120, size: 90, font, rotate: degrees(52), color: rgb(1, 0, 0) });
  const xml = documentXml((await convertBytes(await doc.save(), 'long-mark.pdf')).docx);
  const at = xml.indexOf(long);
  expect(at).toBeGreaterThan(0);
  const anchor = xml.lastIndexOf('<wp:anchor', at);
  const boxW = Number(/<wp:extent cx="(\d+)"/.exec(xml.slice(anchor))?.[1]) / 12700;
  const size = Number(/<w:sz w:val="(\d+)"/.exec(xml.slice(anchor, at))?.[1]) / 2;
  // the words at their size fit the box (Helvetica Bold: the run's width at 1 pt)
  expect(boxW).toBeLessThanOrEqual(612.5);
  expect(font.widthOfTextAtSize(long, size)).toBeLessThanOrEqual(boxW);
}, 120_000);
