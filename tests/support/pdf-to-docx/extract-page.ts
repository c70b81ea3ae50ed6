// A made PDF's pages as the PDF-to-Word extraction sees them (pdf.js thread; the first page alone without a
// page render; drawings at the tool's 220 dpi), for tests of what the extraction finds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, StandardFonts, type Color, type PDFPage } from 'pdf-lib';
import { runPdfjs } from '@/lib/tools/pdf/pdfjs/host';
import type { PageData } from '@/lib/tools/pdf/pdfjs/protocol';
import { RENDER_LIMITS } from '@/lib/tools/pdf/to-docx/convert';

/** Extracts the first page of the PDF `bytes` (written to a temporary folder, removed afterwards). */
export async function extractFirstPage(bytes: Uint8Array): Promise<PageData> {
  return (await extractPages(bytes, { renderDpi: 0, maxPages: 1 }))[0];
}

/** Every page of the PDF `bytes` as the converter asks for them: pages without text rendered at `renderDpi`
 * (the converter's 200; 0: none), up to `maxPages`. */
export async function extractPages(
  bytes: Uint8Array,
  { renderDpi, maxPages }: { renderDpi: number; maxPages: number },
): Promise<PageData[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-page-'));
  try {
    const file = path.join(dir, 'page.pdf');
    fs.writeFileSync(file, bytes);
    const pages: PageData[] = [];
    await runPdfjs(
      { kind: 'extract', path: file, renderDpi, maxPages, limits: RENDER_LIMITS, drawingDpi: 220 },
      { onPage: (p, i) => (pages[i] = p) },
    );
    return pages;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A new PDF with one page of `size` points (US Letter unless given) and `face` embedded, to draw a case on. */
export async function madePage(face = StandardFonts.Helvetica, size: [number, number] = [612, 792]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(face);
  return { doc, font, page: doc.addPage(size) };
}

/** The PDF `bytes` with `edit` applied to each font dictionary whose BaseFont is `name`. */
export async function editedFonts(
  bytes: Uint8Array,
  name: string,
  edit: (font: PDFDict, doc: PDFDocument) => void,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  for (const [, obj] of doc.context.enumerateIndirectObjects())
    if (obj instanceof PDFDict && obj.get(PDFName.of('BaseFont')) === PDFName.of(name)) edit(obj, doc);
  return doc.save();
}

/** The PDF `bytes` with its standard font `from` named `to` (not embedded: pdf.js draws it with a substitute of
 * the same widths), as a producer's font of that name. */
export function renamedFont(bytes: Uint8Array, from: string, to: string): Promise<Uint8Array> {
  return editedFonts(bytes, from, (font) => font.set(PDFName.of('BaseFont'), PDFName.of(to)));
}

/** A grid of straight lines over a box (a plot's panel): `rows` + 1 across and `cols` + 1 down. */
export function drawGrid(
  page: PDFPage,
  box: { x: number; y: number; w: number; h: number; rows: number; cols: number },
  line: { thickness: number; color: Color },
): void {
  for (let i = 0; i <= box.rows; i++) {
    const y = box.y + (box.h * i) / box.rows;
    page.drawLine({ start: { x: box.x, y }, end: { x: box.x + box.w, y }, ...line });
  }
  for (let i = 0; i <= box.cols; i++) {
    const x = box.x + (box.w * i) / box.cols;
    page.drawLine({ start: { x, y: box.y }, end: { x, y: box.y + box.h }, ...line });
  }
}
