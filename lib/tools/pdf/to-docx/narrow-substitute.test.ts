// A face whose substitute is narrower (issue 19, twenty-sixth pass: TeX's Computer Modern is a tenth wider
// than Times New Roman, its stand-in): its paragraphs were only ever condensed, never spaced, so in Word each
// line held more words, each paragraph came out shorter and each page's text ended higher (texinfo's
// liboctave, similarity 0.62). The paragraph is spaced so that its tightest line is as wide as in the PDF.
import { StandardFonts } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { madePage, renamedFont } from '@/tests/support/pdf-to-docx/extract-page';

const LINES = [
  'Finally, every program is threatened constantly by software patents. States should not',
  'allow patents to restrict development and use of software on general-purpose computers, but',
  'in those that do, we wish to avoid the special danger that patents applied to a free program',
];

async function paragraphIn(name: string | null): Promise<string> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  LINES.forEach((t, i) => page.drawText(t, { x: 72, y: 760 - 13 * i, size: 9, font }));
  const bytes = name ? await renamedFont(await doc.save(), 'Helvetica', name) : await doc.save();
  return documentXml((await convertBytes(bytes, 'text.pdf')).docx);
}

const spacings = (xml: string) => [...xml.matchAll(/<w:spacing w:val="(-?\d+)"\/>/g)].map((m) => Number(m[1]));

test('a paragraph whose substitute face is narrower is spaced to its PDF width; a metric twin is not', async () => {
  // Helvetica's widths under a Computer Modern name: set in Times New Roman, about 10 % narrower
  const spaced = spacings(await paragraphIn('ITVFHC+CMR10'));
  expect(spaced.length).toBeGreaterThan(0);
  // about 0.4 pt a character (8 twips) at 9 pt, and every run alike
  for (const s of spaced) expect(s).toBeGreaterThanOrEqual(5);
  expect(new Set(spaced).size).toBe(1);
  // in Helvetica, set in Arial (the same widths): nothing to add
  expect(spacings(await paragraphIn(null))).toEqual([]);
}, 60_000);
