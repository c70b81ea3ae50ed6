// PDF to Word: editable flowing text (paragraphs, columns in reading order, fonts, alignment), images,
// tables from ruling lines and links, one section per page. Pages without a text layer are read by OCR.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, displayName } from '@/lib/core/errors';
import type { Processor } from '../../types';
import { convertPdf, MAX_PAGES } from './convert';

function pageList(pages: number[]): string {
  if (pages.length <= 5) return pages.join(', ');
  return `${pages.slice(0, 5).join(', ')} and ${pages.length - 5} more`;
}

export const run: Processor = async (inputs, _options, ctx) => {
  const input = inputs[0];
  if (!input) throw new AppError('BAD_REQUEST', 'Choose a PDF file to convert.');
  const r = await convertPdf(input.path, input.name);
  const out = path.join(ctx.workDir, 'converted.docx');
  await fs.writeFile(out, r.docx);
  const notes: string[] = [];
  const n = (pages: number[], one: string, many: string) => (pages.length === 1 ? one : many);
  // pages whose text layer gave no letters were read as scans are, but they are not scans
  const scans = r.ocrPages.filter((p) => !r.garbledPages.includes(p));
  const garbled = r.ocrPages.filter((p) => r.garbledPages.includes(p));
  if (scans.length) {
    notes.push(
      `${n(scans, 'Page', 'Pages')} ${pageList(scans)} ${n(scans, 'has', 'have')} no text layer (scanned) and ${n(scans, 'was', 'were')} read by text recognition (OCR): check the text, recognition can misread words. The scan stays behind the text, its recognised words cleaned off it.`,
    );
  }
  if (garbled.length) {
    notes.push(
      `${n(garbled, 'Page', 'Pages')} ${pageList(garbled)} ${n(garbled, 'has a text layer', 'have text layers')} that gives no readable letters (${n(garbled, 'its', 'their')} fonts map none) and ${n(garbled, 'was', 'were')} read by text recognition (OCR) instead: check the text, recognition can misread words.`,
    );
  }
  if (r.turnedPages.length) {
    notes.push(
      `${n(r.turnedPages, 'Page', 'Pages')} ${pageList(r.turnedPages)} ${n(r.turnedPages, 'was', 'were')} scanned sideways or upside down and ${n(r.turnedPages, 'is', 'are')} turned upright.`,
    );
  }
  if (r.unreadablePages.length) {
    notes.push(
      `${n(r.unreadablePages, 'Page', 'Pages')} ${pageList(r.unreadablePages)} ${n(r.unreadablePages, 'has', 'have')} no text layer and nothing readable by text recognition, so ${n(r.unreadablePages, 'it is', 'they are')} included as ${n(r.unreadablePages, 'an image', 'images')} only.`,
    );
  }
  if (r.failedPages.length) {
    notes.push(
      `${r.failedPages.length === 1 ? 'Page' : 'Pages'} ${pageList(r.failedPages)} of "${displayName(input.name)}" could not be read (damaged) and ${r.failedPages.length === 1 ? 'is' : 'are'} left empty.`,
    );
  }
  if (r.totalPages > MAX_PAGES) notes.push(`Only the first ${MAX_PAGES} of ${r.totalPages} pages were converted.`);
  return notes.length ? { path: out, notice: notes.join(' ') } : { path: out };
};
