// PDF → DOCX on a file path: pdf.js reads each page in its own thread (one page at a time), each page
// becomes a DOCX section, and the document is packed with the docx package.
import { Document, Packer, type ISectionOptions } from 'docx';
import { AppError, displayName } from '@/lib/core/errors';
import { PdfjsError, runPdfjs } from '../pdfjs/host';
import type { RenderLimits } from '../pdfjs/protocol';
import { looksEncrypted, pdfErrors } from '../common/pdf-errors';

const encryptedError = pdfErrors.encrypted;
const damagedError = pdfErrors.invalid;
import { pageSections } from './build-docx';
import fs from 'node:fs/promises';
import { serverConfig } from '@/lib/config';
import { checkContentSize, ContentLimitError } from './content-limits';

export const MAX_PAGES = 1000;
const RENDER_DPI = 150;
/** Pixel caps for page and region renders (see RenderLimits): 16 MP is A3 at 200 dpi; the job budget is
 * about 400 letter pages at 200 dpi. */
export const RENDER_LIMITS = { pagePixels: 16_000_000, jobPixels: 1_500_000_000 };

export interface ConvertResult {
  docx: Buffer;
  pages: number;
  scannedPages: number[];
  /** Pages pdf.js could not read (damaged): they come as empty pages and the visitor is told. */
  failedPages: number[];
  totalPages: number;
}

export async function convertPdf(filePath: string, name: string, opts: { limits?: RenderLimits } = {}): Promise<ConvertResult> {
  const head = await fs.readFile(filePath);
  try {
    await checkContentSize(head, MAX_PAGES);
  } catch (e) {
    if (e instanceof ContentLimitError) {
      throw new AppError('UNPROCESSABLE', `"${displayName(name)}" has page content too large to convert (page ${e.page} unpacks to more than a conversion may use).`);
    }
    throw e;
  }
  const sections: Promise<ISectionOptions[]>[] = [];
  const scanned: number[] = [];
  const failedPages: number[] = [];
  let result;
  try {
    // Sections are built as pages arrive; the chain keeps them in order and one image encode at a time.
    let chain: Promise<unknown> = Promise.resolve();
    result = await runPdfjs(
      { kind: 'extract', path: filePath, renderDpi: RENDER_DPI, maxPages: MAX_PAGES, limits: opts.limits ?? RENDER_LIMITS },
      {
        timeoutMs: 240_000,
        rssGrowthMb: Math.min(1536, Math.round(serverConfig().jobMemoryMb / 2)),
        onPage: (page, index) => {
          if (page.failed) failedPages.push(index + 1);
          if (page.rendered) scanned.push(index + 1);
          const s = chain.then(() => pageSections(page, index === 0));
          chain = s.catch(() => undefined);
          sections.push(s);
        },
      },
    );
  } catch (e) {
    if (e instanceof PdfjsError) {
      if (e.kind === 'password') throw encryptedError(name);
      if (e.kind === 'invalid') throw damagedError(name);
      if (looksEncrypted(head)) throw encryptedError(name);
      if (e.kind === 'timeout') throw new AppError('UNPROCESSABLE', `"${displayName(name)}" is too large or complex to convert in time.`);
      if (e.kind === 'limit') throw new AppError('UNPROCESSABLE', `"${displayName(name)}" has too many large pages to convert.`);
      if (e.kind === 'memory') throw new AppError('UNPROCESSABLE', `"${displayName(name)}" needs more memory than a conversion may use.`);
      throw damagedError(name);
    }
    throw e;
  }
  if (sections.length === 0 || failedPages.length === sections.length) throw damagedError(name);
  const doc = new Document({
    creator: 'PDF to Word',
    styles: { default: { document: { run: { font: 'Arial', size: 22 } } } },
    sections: (await Promise.all(sections)).flat(),
  });
  return { docx: await Packer.toBuffer(doc), pages: sections.length, scannedPages: scanned, failedPages, totalPages: result.totalPages };
}
