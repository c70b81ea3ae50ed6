// Right-to-left text (issue 19, seventh pass: the Amiri documentation in Arabic). pdf.js gives each text
// item in logical order but a line's items left to right as they stand; Word lays a paragraph out from its
// logical order, so an Arabic or Hebrew paragraph is marked right to left (w:bidi), its runs in a
// right-to-left script w:rtl, and a line's pieces come right to left. Latin paragraphs are untouched.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { pageSections } from './build-docx';
import { readingOrder } from './rtl';
import { extractFirstPage } from '@/tests/support/pdf-to-docx/extract-page';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { readBackSections, runsText, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

// DejaVu Sans (fonts-dejavu-core, in .ci/apt-packages.txt) has Arabic and Hebrew; fontkit shapes the text
// and lays it out right to left, as a real Arabic PDF has it.
const FACE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

async function rtlPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as never);
  const font = await doc.embedFont(fs.readFileSync(FACE));
  const page = doc.addPage([612, 792]);
  page.drawText('An English line stays left to right.', { x: 72, y: 720, size: 12, font });
  // One Arabic paragraph, justified: two full lines, each drawn as two pieces (two text items), the
  // first words on the right, and a short last line flush right. Then a second paragraph.
  const lines = [half, [...half].reverse()];
  const widthAt = (t: string, size: number) => font.widthOfTextAtSize(t, size);
  // the size at which a line (two pieces and a space) fills 72..540 exactly
  const size = (12 * 468) / (widthAt(half[0], 12) + widthAt(half[1], 12) + widthAt(' ', 12));
  lines.forEach(([first, second], i) => {
    const y = 680 - 1.3 * size * i;
    page.drawText(first, { x: 540 - widthAt(first, size), y, size, font });
    page.drawText(second, { x: 72, y, size, font, color: rgb(0.8, 0, 0) });
  });
  page.drawText('انتهى', { x: 540 - widthAt('انتهى', size), y: 680 - 2.6 * size, size, font });
  page.drawText('فقرة ثانية', { x: 540 - widthAt('فقرة ثانية', size), y: 680 - 5 * size, size, font });
  return doc.save();
}

const half = ['مرحبا بالعالم كيف حالك اليوم', 'نحن بخير والحمد لله كثيرا'];
const textOf = (p: string) => runsText(p);
const paragraphsOf = (xml: string) => [...xml.matchAll(/<w:p>.*?<\/w:p>|<w:p .*?<\/w:p>/gs)].map((m) => m[0]);

test('an Arabic paragraph is right to left, its pieces in reading order; a Latin one is unchanged', async () => {
  const page = await extractFirstPage(await rtlPage());
  const xml = await sectionsXml(await pageSections(page, true));
  const paras = paragraphsOf(xml).filter((p) => textOf(p).trim());
  const latin = paras.find((p) => textOf(p).includes('English'));
  const arabic = paras.find((p) => textOf(p).includes('مرحبا'));
  expect(latin).toBeDefined();
  expect(arabic).toBeDefined();
  expect(latin).not.toMatch(/<w:bidi\/>|<w:rtl\/>/);
  expect(arabic).toMatch(/<w:bidi\/>/);
  // every run holding Arabic letters is right to left
  const runs = [...arabic!.matchAll(/<w:r>.*?<\/w:r>/gs)].map((m) => m[0]).filter((r) => /[\u0600-\u06ff]/.test(r));
  expect(runs.length).toBeGreaterThan(0);
  for (const r of runs) expect(r).toMatch(/<w:rtl\/>/);
  // reading order: the right-hand piece of each line first, lines top to bottom
  const words = textOf(arabic!).split(/\s+/).filter(Boolean);
  expect(words.join(' ')).toBe(`${half[0]} ${half[1]} ${half[1]} ${half[0]} انتهى`);
  // justified (the last line flush right is where a right-to-left paragraph ends, not a right-aligned one)
  expect(arabic).toMatch(/<w:jc w:val="both"\/>/);
  // the next paragraph starts after that short last line
  expect(paras.filter((p) => textOf(p).includes('فقرة ثانية'))).toHaveLength(1);
  expect(arabic).not.toContain('فقرة');
});

test('a Latin phrase in pieces inside a right-to-left line keeps its own order', () => {
  // placed left to right: "Open", "Type", then Arabic on the right
  const runs = [textRun('Open', 72, 100, 30), textRun('Type', 106, 100, 30), textRun('خط', 200, 100, 20)];
  expect(readingOrder(runs).map((r) => r.str)).toEqual(['خط', 'Open', 'Type']);
  const mixed = [
    textRun('بعد', 40, 100, 20),
    textRun('1.8', 72, 100, 20),
    textRun('-', 94, 100, 4),
    textRun('2.0', 100, 100, 20),
    textRun('قبل', 200, 100, 20),
  ];
  expect(readingOrder(mixed).map((r) => r.str)).toEqual(['قبل', '1.8', '-', '2.0', 'بعد']);
});

// Twenty-fourth pass (arabi's sample book, pdfTeX): docx writes a right-to-left paragraph's left and right as
// its end and start, as Word and LibreOffice read them there; mirrored before that as well, a line set flush
// right came out on the left. And its fonts give the letters as presentation forms (each letter's shape at its
// place in the word), which LibreOffice broke a line inside of: they are read as the letters.
test("a right-to-left line set flush right stays on the page's right, its letters read as letters", async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as never);
  const font = await doc.embedFont(fs.readFileSync(FACE));
  const page = doc.addPage([612, 792]);
  const forms = '\uFEB7\uFEE4\uFEB2 \uFE8D\uFEDF\uFEE8\uFEEC\uFE8E\uFEAE'; // "شمس النهار", shaped
  page.drawText(forms, { x: 540 - font.widthOfTextAtSize(forms, 24), y: 700, size: 24, font });
  page.drawText('An English line, on the left.', { x: 72, y: 650, size: 12, font });
  const extracted = await extractFirstPage(await doc.save());
  expect(extracted.runs.map((r) => r.str).join(' ')).toContain('شمس النهار');
  const sections = await pageSections(extracted, true);
  await readBackSections(sections, (pdf) => {
    const box = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    const words = [...box.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]+)</g)].map((m) => ({ x: Number(m[1]), w: m[2] }));
    const arabic = words.filter((w) => /[\u0600-\u06ff\ufe70-\ufefc]/.test(w.w));
    expect(arabic.length).toBeGreaterThan(0);
    for (const w of arabic) expect(w.x).toBeGreaterThan(306);
    expect(words.find((w) => w.w === 'English')!.x).toBeLessThan(306);
  });
}, 120_000);
