// What the PDF-to-Word tests read in a DOCX, a zip package (fflate, already a dependency: no temporary file,
// no unzip process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, type ISectionOptions } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import { docxToPdf } from './measure';

/** The DOCX's word/document.xml. */
export function documentXml(docx: Uint8Array): string {
  const part = unzipSync(docx, { filter: (f) => f.name === 'word/document.xml' })['word/document.xml'];
  if (!part) throw new Error('no word/document.xml in the DOCX');
  return strFromU8(part);
}

/** The text of document.xml's runs (`<w:t>`), joined by `sep`. */
export function runsText(xml: string, sep = ''): string {
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(sep);
}

/** The runs' text with a line break at each paragraph's end, words joined by spaces (what OCR tests read). */
export function paragraphsText(xml: string): string {
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<\/w:p>/g)].map((m) => m[1] ?? '\n').join(' ');
}

/** Its pictures (word/media/*), by part name. */
export function mediaParts(docx: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(docx, { filter: (f) => f.name.startsWith('word/media/') });
}

/** word/document.xml of a document made of `sections`. */
export async function sectionsXml(sections: ISectionOptions[]): Promise<string> {
  return documentXml(await Packer.toBuffer(new Document({ sections })));
}

/** A document made of `sections`, read back by LibreOffice: `check` reads the PDF; the DOCX is removed after. */
export async function readBackSections(sections: ISectionOptions[], check: (pdf: string) => void): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-sections-'));
  try {
    const docx = path.join(dir, 'page.docx');
    fs.writeFileSync(docx, await Packer.toBuffer(new Document({ sections })));
    check(docxToPdf([docx])[0]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
