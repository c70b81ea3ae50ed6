// A drawing's labels, framed over its picture, come before the picture's paragraph (issue 19, eleventh
// pass): LibreOffice anchors a framed paragraph to the paragraph after it, and after a figure closing a page
// (its caption framed as the page's foot) that was the next page's first: an R vignette's mosaic plot lost
// its labels, drawn over the text of the next page at the same place.
import sharp from 'sharp';
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

async function figurePage(): Promise<PageData> {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#dddddd' } })
    .png()
    .toBuffer();
  return {
    width: 595,
    height: 842,
    runs: [textRun('To assess whether smoking behaviour and disease status are independent', 81, 418, 441)],
    images: [
      {
        x: 89,
        y: 455,
        w: 425,
        h: 229,
        encoded: { type: 'png', data: new Uint8Array(png), dpi: 220 },
        labels: [textRun('gender = Female', 110, 470, 60, { size: 7 }), textRun('smoking', 104, 585, 34, { size: 7 })],
      },
    ],
    segments: [],
    fills: [],
    links: [],
  };
}

test("a figure's framed labels come before its picture's paragraph", async () => {
  const xml = await sectionsXml(await pageSections(await figurePage(), true));
  const paras = [...xml.matchAll(/<w:p>.*?<\/w:p>/gs)].map((m) => m[0]);
  const picture = paras.findIndex((p) => p.includes('<w:drawing>'));
  const labels = paras.flatMap((p, i) => (p.includes('<w:framePr') && /gender|smoking/.test(p) ? [i] : []));
  expect(labels).toHaveLength(2);
  expect(picture).toBeGreaterThan(Math.max(...labels));
});
