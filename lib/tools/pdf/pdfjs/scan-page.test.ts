import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { runPdfjs } from './host';
import type { PageData } from './protocol';
import { RENDER_LIMITS } from '@/lib/tools/pdf/to-docx/convert';
import { imageOnlyPdf, sampleDocPdf } from '@/tests/support/pdf-to-docx/make-pdfs';

// The pdf.js thread's pages as the converter asks for them (scans rendered at 200 dpi).
async function extractPages(bytes: Uint8Array): Promise<PageData[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-scan-page-'));
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, bytes);
    const pages: PageData[] = [];
    await runPdfjs(
      { kind: 'extract', path: file, renderDpi: 200, maxPages: 10, limits: RENDER_LIMITS, drawingDpi: 220 },
      { onPage: (p, i) => (pages[i] = p) },
    );
    return pages;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A scanned page is rendered without walking its operator list: before, pdf.js decoded its JPEG twice and
// the scan's pixels were copied out as an image the DOCX never places.
test('a page with no text and no annotations is rendered whole, its images not copied out', async () => {
  const [page] = await extractPages(await imageOnlyPdf(await sampleDocPdf()));
  expect(page.runs).toEqual([]);
  expect(page.images).toEqual([]);
  expect(page.rendered).toMatchObject({ x: 0, y: 0, w: page.width, h: page.height, format: 'jpg' });
  const meta = await sharp(Buffer.from(page.rendered!.data)).metadata();
  expect(meta.width).toBe(Math.ceil((page.width * 200) / 72));
  // the render shows the scan (dark print on the page), not an empty canvas
  const { dominant } = await sharp(Buffer.from(page.rendered!.data)).stats();
  expect(dominant.r).toBeGreaterThan(200);
  const { channels } = await sharp(Buffer.from(page.rendered!.data)).stats();
  expect(channels[0].min).toBeLessThan(80);
});

test('a scan with an annotation, and a page that paints nothing, are read as before', async () => {
  const scan = await PDFDocument.load(await imageOnlyPdf(await sampleDocPdf()));
  const first = scan.getPage(0);
  const link = scan.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [72, 72, 200, 90],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.org/') },
  });
  first.node.set(PDFName.of('Annots'), scan.context.obj([scan.context.register(link)]));
  scan.addPage([612, 792]);
  const pages = await extractPages(await scan.save());
  const [annotated, blank] = [pages[0], pages[pages.length - 1]];
  // walked as a page (its picture found, its link kept) and rendered, as before this path existed
  expect(annotated.images).toHaveLength(1);
  expect(annotated.links).toHaveLength(1);
  expect(annotated.rendered).toBeDefined();
  expect(blank.rendered).toBeUndefined();
});
