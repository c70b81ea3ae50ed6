// A figure set in glyphs (issue 19, twenty-third pass: textopo's topology plots, each residue a symbol font's
// circle drawn over its disc, its letter a tiny run inside): laid out as text, hundreds of circles ran into
// lines across the page. Marks set one over another of another shape, a dozen or more, are drawn glyphs as a
// score's notes are (drawings-source.ts glyphMarks): one picture, its letters and its legend's words over it.
import { StandardFonts, rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

async function ring(): Promise<Uint8Array> {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica);
  const dingbats = await doc.embedFont(StandardFonts.ZapfDingbats);
  page.drawText('A topology plot of a protein, each residue a circle with its letter.', {
    x: 72,
    y: 720,
    size: 11,
    font,
  });
  const letters = 'MASEILRQVGAYKTDP';
  [...letters].forEach((ch, i) => {
    const a = (2 * Math.PI * i) / letters.length;
    const x = 300 + 28 * Math.cos(a);
    const y = 520 + 28 * Math.sin(a);
    // the disc, then the circle over it, then the letter
    page.drawText('\u25CF', { x, y, size: 14, font: dingbats, color: rgb(0.9, 0.2, 0.5) });
    page.drawText('\u2022', { x, y, size: 14, font });
    page.drawText(ch, { x: x + 2.5, y: y + 3, size: 4.8, font });
  });
  // the legend: a mark and its words
  page.drawText('\u25CF', { x: 240, y: 420, size: 14, font: dingbats, color: rgb(0.9, 0.2, 0.5) });
  page.drawText('\u2022', { x: 240, y: 420, size: 14, font });
  page.drawText('similar positions', { x: 256, y: 420, size: 11, font });
  page.drawText('The figure above is drawn with a font.', { x: 72, y: 380, size: 11, font });
  return doc.save();
}

test('circles set as glyphs over each other are one picture, their letters and legend over it', async () => {
  const p = await extractFirstPage(await ring());
  // the ring and the legend: two pictures (none before: 34 marks and 16 letters were text)
  const pictures = p.images.filter((i) => i.encoded).sort((a, b) => a.y - b.y);
  expect(pictures).toHaveLength(2);
  const labels = pictures.map((i) => (i.labels ?? []).map((r) => r.str.trim()));
  expect(labels[0].sort()).toEqual([...'MASEILRQVGAYKTDP'].sort());
  expect(labels[1]).toEqual(['similar positions']);
  // the marks are in the picture, not text; the page's sentences stay text
  expect(p.runs.some((r) => /[\u2022\u25CF]/.test(r.str))).toBe(false);
  expect(p.runs.map((r) => r.str)).toEqual(
    expect.arrayContaining([
      'A topology plot of a protein, each residue a circle with its letter.',
      'The figure above is drawn with a font.',
    ]),
  );
});
