// What every PDF tool tells a visitor about a file it cannot use (each message names the file), and the one
// cheap encryption sniff. Part of the one safe-open policy (load-pdf.ts); compress/open.ts and to-docx use it.
import { AppError, displayName } from '@/lib/core/errors';

export const pdfErrors = {
  encrypted: (name: string) =>
    new AppError('UNPROCESSABLE', `"${displayName(name)}" is password-protected. Remove the password and try again.`),
  restricted: (name: string) =>
    new AppError(
      'UNPROCESSABLE',
      `"${displayName(name)}" is protected against changes by its author. Remove the protection and try again.`,
    ),
  damaged: (name: string) => new AppError('UNPROCESSABLE', `"${displayName(name)}" is damaged and cannot be read.`),
  /** Readers that cannot tell damage from a non-PDF (pdf.js, MuPDF) say both. */
  invalid: (name: string) =>
    new AppError(
      'UNPROCESSABLE',
      `"${displayName(name)}" is damaged or is not a valid PDF, so it cannot be processed.`,
    ),
  noPages: (name: string) => new AppError('UNPROCESSABLE', `"${displayName(name)}" has no pages.`),
  lostPages: (name: string, readable: number, declared: number) =>
    new AppError(
      'UNPROCESSABLE',
      `"${displayName(name)}" is damaged: only ${readable} of its ${declared} pages can be read.`,
    ),
};

/** An /Encrypt entry sits in the (uncompressed) trailer or cross-reference stream dictionary. */
export function looksEncrypted(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf('/Encrypt') >= 0;
}
