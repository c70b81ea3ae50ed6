// The first page of a made PDF as the PDF-to-Word extraction sees it (pdf.js thread, no page render, drawings
// at the tool's 220 dpi), for tests of what the extraction finds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { runPdfjs } from '@/lib/tools/pdf/pdfjs/host';
import type { PageData } from '@/lib/tools/pdf/pdfjs/protocol';
import { RENDER_LIMITS } from '@/lib/tools/pdf/to-docx/convert';

/** Extracts the first page of the PDF `bytes` (written to a temporary folder, removed afterwards). */
export async function extractFirstPage(bytes: Uint8Array): Promise<PageData> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-page-'));
  try {
    const file = path.join(dir, 'page.pdf');
    fs.writeFileSync(file, bytes);
    const pages: PageData[] = [];
    await runPdfjs(
      { kind: 'extract', path: file, renderDpi: 0, maxPages: 1, limits: RENDER_LIMITS, drawingDpi: 220 },
      { onPage: (p) => pages.push(p) },
    );
    return pages[0];
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
