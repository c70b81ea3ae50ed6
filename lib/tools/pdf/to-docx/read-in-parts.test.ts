// A document whose pages together outgrow the pdf.js thread's memory bound is read on in a fresh thread
// from the page reached (convert.ts). pdf.js keeps every page's parsed annotations until its document is
// closed: a web page printed by Chrome repeats a sidebar's ~2400 link annotations on every page, and a
// 39-page one (the underscore.js documentation) was refused as needing too much memory after 10 pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { runPdfjs } from '../pdfjs/host';
import { convertPdf } from './convert';
import { documentXml } from '@/tests/support/pdf-to-docx/docx-parts';

// every pdf.js thread the conversion starts, counted
jest.mock('../pdfjs/host', () => {
  const actual = jest.requireActual('../pdfjs/host');
  return { ...actual, runPdfjs: jest.fn(actual.runPdfjs) };
});
const threads = runPdfjs as jest.MockedFunction<typeof runPdfjs>;

const LINKS = 3000;

/** Pages of text, each with `links` link annotations (the same sidebar links on every page). */
async function manyLinksPdf(pages: number, links = LINKS): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${p + 1} of the manual: every page repeats the navigation links.`, {
      x: 72,
      y: 700,
      size: 12,
      font,
    });
    const annots = [];
    for (let i = 0; i < links; i++) {
      const y = 60 + (i % 40) * 14;
      annots.push(
        doc.context.register(
          doc.context.obj({
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [400, y, 560, y + 10],
            Border: [0, 0, 0],
            A: { Type: 'Action', S: 'URI', URI: `https://example.org/docs/section-${i}` },
          }),
        ),
      );
    }
    page.node.set(PDFName.of('Annots'), doc.context.obj(annots));
  }
  return doc.save();
}

const saved = process.env.JOB_MEMORY_MB;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-parts-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.JOB_MEMORY_MB;
  else process.env.JOB_MEMORY_MB = saved;
});

async function convertWith(pages: number, jobMemoryMb: number, links = LINKS) {
  const f = path.join(dir, `links-${pages}.pdf`);
  fs.writeFileSync(f, await manyLinksPdf(pages, links));
  process.env.JOB_MEMORY_MB = String(jobMemoryMb); // the pdf.js thread may grow by half of it
  threads.mockClear();
  return { result: await convertPdf(f, 'links.pdf').catch((e: Error) => e), threads: threads.mock.calls.length };
}

// First in the file, and a page of 12,000 links (~50 MB parsed against the thread's 4 MB): the bound is read
// as the process's RSS growth, and memory the test before gave back while this thread ran hid the growth of
// a 3000-link page once in CI (the page converted).
test('a page that alone outgrows the bound still fails with the memory message, after two fresh threads', async () => {
  const { result, threads } = await convertWith(1, 8, 4 * LINKS);
  expect(result).toBeInstanceOf(Error);
  expect((result as Error).message).toBe('"links.pdf" needs more memory than a conversion may use.');
  expect(threads).toBe(2);
}, 300_000);

test('pages that together outgrow the thread are read in parts: every page converted, in order', async () => {
  // 16 pages hold ~200 MB of parsed annotations; the thread may grow 120 MB (it failed with that message)
  const { result, threads } = await convertWith(16, 240);
  if (result instanceof Error) throw result;
  expect(result.pages).toBe(16);
  expect(result.failedPages).toEqual([]);
  expect(threads).toBeGreaterThan(1);
  const xml = documentXml(result.docx);
  const order = [...xml.matchAll(/Page (\d+) of the manual/g)].map((m) => Number(m[1]));
  expect(order).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
}, 300_000);
