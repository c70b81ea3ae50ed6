// A cell's text that the PDF ran past the cell's side (issue 19, twenty-fifth pass: SIL's Ezra chart, a
// spreadsheet whose names run into the next column; debian-reference's "config::ifupdown"). Condensed only to
// its PDF width, it was still wider than the cell: Word wrapped it and its row grew, and the sheet's rows
// went out of step with the page (similarity 0.26). It is condensed to the cell, less its margin.
import { StandardFonts } from 'pdf-lib';
import { convertBytes } from '@/tests/support/pdf-to-docx/convert-bytes';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';
import { madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a name the PDF ran past its cell is condensed to fit the cell; a name that fits is not', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Courier, [595, 842]);
  const top = 760;
  const xs = [60, 140, 220, 520];
  for (let r = 0; r <= 3; r++)
    page.drawLine({ start: { x: 60, y: top - 14 * r }, end: { x: 520, y: top - 14 * r }, thickness: 0.5 });
  for (const x of xs) page.drawLine({ start: { x, y: top }, end: { x, y: top - 42 }, thickness: 0.5 });
  // the first name runs 20 pt past its column's rule, under the next cell's text
  const rows = [
    ['network-manager-gnome', 'V:122', 'NetworkManager (GNOME frontend)'],
    ['iw', 'V:156', 'tool for configuring Linux wireless devices'],
    ['ifupdown', 'V:586', 'standardized tool to bring up and down the network'],
  ];
  rows.forEach((row, i) => {
    const y = top - 14 * i - 10;
    row.forEach((t, c) => page.drawText(t, { x: xs[c] + 2, y, size: c === 0 ? 8 : 7, font }));
  });
  const xml = documentXml((await convertBytes(await doc.save(), 'packages.pdf')).docx);
  const cells = [...xml.matchAll(/<w:tc>(?:(?!<\/w:tc>).)*<\/w:tc>/gs)].map((m) => m[0]);
  const cellOf = (text: string) => cells.find((c) => c.replace(/<[^>]+>/g, '') === text)!;
  const spacing = (c: string) => Number(/<w:spacing w:val="(-?\d+)"/.exec(c)?.[1] ?? 0);
  // 21 letters of Courier New at 8 pt (100.8 pt) into 80 pt less the cell's margins: about 1 pt a letter
  expect(spacing(cellOf('network-manager-gnome'))).toBeLessThanOrEqual(-20);
  expect(spacing(cellOf('iw'))).toBe(0);
  expect(spacing(cellOf('ifupdown'))).toBe(0);
}, 60_000);
