// Page pictures are placed at the page's exact size (issue 19): an A4 scan behind OCR text is 595 x 842 pt
// in the DOCX, not whole 96-dpi pixels (594.75 pt), so it reaches the page's edges.
import JSZip from 'jszip';
import sharp from 'sharp';
import { Document, Packer, Paragraph } from 'docx';
import type { PageData } from '../pdfjs/protocol';
import { exactPx, pageBackground, pictureBehindText } from './images';

test('a page picture and a drawing keep their sizes to the EMU', async () => {
  const jpg = await sharp({ create: { width: 40, height: 56, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const page = { width: 595, height: 842 } as PageData;
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [pageBackground(page, jpg)] }),
          new Paragraph({ children: [pictureBehindText('jpg', jpg, { x: 10.3, y: 20.7, w: 100.1, h: 33.3 })] }),
        ],
      },
    ],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));
  const xml = await zip.file('word/document.xml')!.async('string');
  const extents = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [+m[1], +m[2]]);
  // 12700 EMU per point
  expect(extents).toEqual([
    [595 * 12700, 842 * 12700],
    [Math.round(100.1 * 12700), Math.round(33.3 * 12700)],
  ]);
  expect(exactPx(0)).toBe(1);
});
