// Opens a visitor's PDF with pdf-lib for rewriting, and cross-checks the page count with pdf.js: pdf-lib
// reads damaged files leniently and could silently lose pages, which must never pass as a result. The safe-open
// policy of common/load-pdf.ts (two independent readers must agree), with its messages (common/pdf-errors.ts).
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { PdfjsError, runPdfjs } from '../pdfjs/host';

import { looksEncrypted, pdfErrors } from '../common/pdf-errors';

export const encryptedError = pdfErrors.encrypted;
export const damagedError = pdfErrors.invalid;
export { looksEncrypted };

export async function openPdf(bytes: Uint8Array, path: string, name: string): Promise<PDFDocument> {
  if (looksEncrypted(bytes)) {
    // Confirm with pdf-lib (the word could sit in uncompressed page text) before refusing; encrypted
    // object streams make pdf-lib fail outright, which also means the file cannot be rewritten.
    let encrypted = true;
    try {
      encrypted = (await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true })).isEncrypted;
    } catch {
      encrypted = true;
    }
    if (encrypted) throw encryptedError(name);
  }
  const counted = runPdfjs({ kind: 'count', path }).then(
    (r) => r.pages,
    (e: unknown) => e as PdfjsError,
  );
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (e) {
    await counted;
    if (e instanceof EncryptedPDFError) throw encryptedError(name);
    throw damagedError(name);
  }
  const pages = await counted;
  if (pages instanceof PdfjsError) {
    if (pages.kind === 'password') throw encryptedError(name);
    if (pages.kind === 'invalid') throw damagedError(name);
    // pdf.js could not finish (timeout, memory): rely on pdf-lib alone.
  }
  let count = 0;
  try {
    count = doc.getPageCount();
  } catch {
    throw damagedError(name);
  }
  if (count === 0 || (typeof pages === 'number' && pages !== count)) throw damagedError(name);
  return doc;
}
