// A page whose only text is a drawing's labels (issue 19, eighth pass: a Word document holding two charts,
// exported by LibreOffice): whether the page has text was read after the drawings had taken their labels,
// so the page looked like a scan, was rendered whole and read by OCR ("mSeries" for a legend's "■ Series").
// It is a text page: the drawing's picture with its labels as editable text, no OCR.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StandardFonts, rgb } from 'pdf-lib';
import { convertPdf } from './convert';
import { madePage } from '@/tests/support/pdf-to-docx/extract-page';

test('a page holding only a chart keeps its labels as text and is not read by OCR', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  // a pie chart: two slices (curves) and its title and legend inside its frame
  page.drawRectangle({ x: 100, y: 450, width: 380, height: 300, borderColor: rgb(0.8, 0.8, 0.8), borderWidth: 1 });
  page.drawSvgPath('M 0 0 L 0 -100 A 100 100 0 0 1 100 0 Z', { x: 290, y: 600, color: rgb(0.2, 0.4, 0.8) });
  page.drawSvgPath('M 0 0 L 100 0 A 100 100 0 1 1 0 -100 Z', { x: 290, y: 600, color: rgb(0.9, 0.5, 0.2) });
  page.drawText('Sales by quarter', { x: 240, y: 720, size: 14, font });
  page.drawText('First half', { x: 180, y: 470, size: 9, font });
  page.drawText('Second half', { x: 320, y: 470, size: 9, font });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-labels-'));
  try {
    const file = path.join(dir, 'chart.pdf');
    fs.writeFileSync(file, await doc.save());
    const r = await convertPdf(file, 'chart.pdf');
    expect(r.scannedPages).toEqual([]);
    expect(r.ocrPages).toEqual([]);
    const out = path.join(dir, 'chart.docx');
    fs.writeFileSync(out, r.docx);
    const xml = execFileSync('unzip', ['-p', out, 'word/document.xml'], { encoding: 'utf8' });
    const text = xml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    for (const label of ['Sales by quarter', 'First half', 'Second half']) expect(text).toContain(label);
    // the labels are framed over the chart's picture (a PNG), not a page-sized JPEG
    expect(xml).toMatch(/<w:framePr /);
    const media = execFileSync('unzip', ['-Z1', out], { encoding: 'utf8' })
      .split('\n')
      .filter((n) => n.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect(media[0]).toMatch(/\.png$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
