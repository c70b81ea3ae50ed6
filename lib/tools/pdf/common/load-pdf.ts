// Opening a visitor's PDF safely, shared by the PDF tools. Small API:
//   probePdf(path)               qpdf's view: page count, encryption, damage (no pdf-lib involved)
//   loadCheckedPdf(input, ctx)   pdf-lib document + its pages, cross-checked with qpdf; AppError otherwise
//   walkPageTree(doc)            the page leaves in order, loop-safe, with inherited attributes
//   pdfErrors                    the visitor-facing messages (they name the file; pdf-errors.ts)
// compress/open.ts is the same policy for Compress, with pdf.js as the second reader (it rewrites with pdf-lib
// and MuPDF, not qpdf); it shares these messages and the encryption sniff.
// Policy: an input must be read identically by two independent readers (qpdf-wasm and pdf-lib). A file qpdf
// can only read with repairs is rewritten by qpdf first and pdf-lib reads the repaired copy; if the two still
// disagree on the page count, the file is refused as damaged instead of silently losing pages.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, ParseSpeeds, type PDFObject } from 'pdf-lib';
import { displayName } from '@/lib/core/errors';
import { pdfErrors } from './pdf-errors';
import type { JobContext, JobInput } from '../../types';
import { QpdfSession, runQpdf, type QpdfFile } from './qpdf';

export { pdfErrors, looksEncrypted } from './pdf-errors';

export type Encryption =
  | 'none'
  /** a user password is needed to open it */
  | 'password'
  /** encrypted with an empty user password: opens without one, but carries the author's permissions */
  | 'open';

export interface PdfProbe {
  /** Page count as qpdf reads it; null when qpdf cannot read the file at all. */
  pages: number | null;
  encryption: Encryption;
  /** For 'open' files: whether the author allows assembling pages (merging). */
  assemblyAllowed: boolean;
  /** qpdf had to repair the file (exit code 3). */
  repaired: boolean;
}

/**
 * qpdf's view of a file. Quick by default: encryption and the page count the file declares, read through
 * qpdf's own parser (xref, trailer, catalog). `walk: true` walks the real page tree instead (detects loops,
 * missing pages, a wrong /Count): slower, used to settle a disagreement and before handing a file to qpdf.
 */
export async function probePdf(
  file: QpdfFile,
  opts: { walk?: boolean; session?: QpdfSession; password?: string } = {},
): Promise<PdfProbe> {
  const r = await (opts.session ?? new QpdfSession()).run((f) => [
    ...(opts.password === undefined ? [] : [`--password=${opts.password}`]),
    '--show-encryption',
    opts.walk ? '--show-pages' : '--show-npages',
    f(file),
  ]);
  const lines = r.stdout.split('\n').map((l) => l.trim());
  const needsPassword = /Incorrect password supplied|invalid password/i.test(`${r.stdout}\n${r.stderr}`);
  const count = opts.walk
    ? lines.filter((l) => /^page \d+: /.test(l)).length
    : Number(lines.find((l) => /^\d+$/.test(l)) ?? NaN);
  const encryption: Encryption = needsPassword
    ? 'password'
    : lines.includes('File is not encrypted')
      ? 'none'
      : lines.some((l) => /^R = \d/.test(l))
        ? 'open'
        : 'none';
  return {
    pages: r.code === 2 || !Number.isInteger(count) ? null : count,
    encryption,
    assemblyAllowed: lines.includes('modify document assembly: allowed'),
    repaired: r.code === 3,
  };
}

const MEMORY_PROBE_MAX = 16 * 1024 * 1024;

export interface PageLeaf {
  ref: PDFRef;
  dict: PDFDict;
  /** Inheritable attributes the leaf lacks, taken from its ancestors: set them when copying the page alone. */
  inherited: Map<PDFName, PDFObject>;
}

const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'].map((k) => PDFName.of(k));
const KIDS = PDFName.of('Kids');
const TYPE = PDFName.of('Type');

class PageTreeError extends Error {}

/** The page leaves in reading order. Iterative with a visited set: a looping or malformed tree throws. */
export function walkPageTree(doc: PDFDocument): PageLeaf[] {
  const ctx = doc.context;
  const rootRef = doc.catalog.get(PDFName.of('Pages'));
  if (!(rootRef instanceof PDFRef)) throw new PageTreeError('no page tree');
  const leaves: PageLeaf[] = [];
  const seen = new Set<string>();
  const stack: { ref: PDFRef; inh: Map<PDFName, PDFObject> }[] = [{ ref: rootRef, inh: new Map() }];
  while (stack.length) {
    const { ref, inh } = stack.pop()!;
    const key = ref.toString();
    if (seen.has(key)) throw new PageTreeError('loop in page tree');
    seen.add(key);
    const node = ctx.lookup(ref);
    if (!(node instanceof PDFDict)) throw new PageTreeError('page tree node is not a dictionary');
    const kids = node.get(KIDS);
    const type = node.get(TYPE);
    const isPages = type === PDFName.of('Pages') || (type === undefined && kids !== undefined);
    const here = new Map(inh);
    for (const k of INHERITABLE) {
      const v = node.get(k);
      if (v !== undefined) here.set(k, v);
    }
    if (!isPages) {
      const missing = new Map<PDFName, PDFObject>();
      for (const [k, v] of here) if (!node.has(k)) missing.set(k, v);
      leaves.push({ ref, dict: node, inherited: missing });
      continue;
    }
    const kidsArr = node.lookup(KIDS);
    if (!(kidsArr instanceof PDFArray)) throw new PageTreeError('page tree node without kids');
    const list = kidsArr.asArray();
    for (let i = list.length - 1; i >= 0; i--) {
      const kid = list[i];
      if (!(kid instanceof PDFRef)) throw new PageTreeError('direct page object');
      stack.push({ ref: kid, inh: here });
    }
  }
  return leaves;
}

export interface CheckedPdf {
  doc: PDFDocument;
  pages: PageLeaf[];
  /** qpdf rewrote the file first (repaired damage or removed an empty-password encryption). */
  rewritten: boolean;
  /** The file was damaged and is read from qpdf's repaired copy: tell the visitor (repairedNotice). */
  repaired: boolean;
}

/** What to tell the visitor when a file was read only after repairs. */
export function repairedNotice(names: string[]): string | undefined {
  if (!names.length) return undefined;
  const list = names.map((n) => `"${displayName(n)}"`).join(', ');
  return `${list} ${names.length > 1 ? 'were' : 'was'} damaged and had to be repaired: check ${names.length > 1 ? 'their' : 'its'} pages in the result.`;
}

export interface LoadOptions {
  /** Reuse one qpdf instance for the quick checks of several files (merge). */
  session?: QpdfSession;
  /** Accept files encrypted with an empty user password whose author allows page assembly (merge). */
  acceptOpenEncrypted?: boolean;
}

interface Parsed {
  doc?: PDFDocument;
  /** The page leaves, when the whole tree could be walked. */
  pages?: PageLeaf[];
  /** The page count the file itself declares (/Count of the page tree root). */
  declared?: number;
  encrypted?: boolean;
}

async function parse(bytes: Uint8Array): Promise<Parsed> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    return {};
  }
  let declared: number | undefined;
  try {
    const count = (doc.catalog.lookup(PDFName.of('Pages')) as PDFDict | undefined)?.lookup(PDFName.of('Count'));
    if (count instanceof PDFNumber) declared = count.asNumber();
    if (doc.isEncrypted) return { declared, encrypted: true };
    return { doc, pages: walkPageTree(doc), declared };
  } catch {
    // A looping or malformed page tree, stack overflow on pathological nesting: "cannot be read" as is.
    return { declared };
  }
}

/**
 * The qpdf-wasm build cannot rebuild a broken cross-reference table (its recovery path does not run), while
 * pdf-lib never uses the table: it scans the objects. Such a file is accepted only if pdf-lib reads it
 * consistently: a walkable page tree whose page count is the one the file declares.
 */
async function readWithPdfLibOnly(input: JobInput): Promise<{ doc: PDFDocument; pages: PageLeaf[] }> {
  const bytes = await fs.readFile(input.path);
  let own = await parse(bytes);
  // A missing '%PDF-' header (other readers tolerate it; pdf-lib refuses): read the objects behind one.
  if (!own.doc && !bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
    own = await parse(Buffer.concat([Buffer.from('%PDF-1.7\n'), bytes]));
  }
  if (own.encrypted) throw pdfErrors.encrypted(input.name);
  if (!own.doc || !own.pages || own.declared === undefined) throw pdfErrors.damaged(input.name);
  if (own.pages.length === 0) throw pdfErrors.noPages(input.name);
  if (own.declared > own.pages.length) throw pdfErrors.lostPages(input.name, own.pages.length, own.declared);
  if (own.declared !== own.pages.length) throw pdfErrors.damaged(input.name);
  return { doc: own.doc, pages: own.pages };
}

/**
 * A copy of a file the qpdf-wasm build cannot open, rewritten by pdf-lib (fresh cross-reference table, every
 * object kept), for tools that hand the file to qpdf (lock). Same acceptance rule as readWithPdfLibOnly;
 * the caller must tell the visitor (repairedNotice).
 */
export async function rewriteWithPdfLib(input: JobInput, ctx: JobContext): Promise<{ file: string; pages: number }> {
  const { doc, pages } = await readWithPdfLibOnly(input);
  const file = path.join(ctx.workDir, `repaired-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  await fs.writeFile(
    file,
    await doc.save({
      useObjectStreams: false,
      objectsPerTick: Infinity,
      addDefaultPage: false,
      updateFieldAppearances: false,
    }),
  );
  return { file, pages: pages.length };
}

/**
 * Loads a visitor's PDF for editing with pdf-lib, or throws the AppError to show. `ctx.workDir` receives a
 * qpdf-rewritten copy when the file needs repair or decryption. A damaged file is read from qpdf's repaired
 * copy (the caller tells the visitor, see repairedNotice), unless the repair lost pages the file declares:
 * then it is refused, naming how many pages can be read.
 */
export async function loadCheckedPdf(input: JobInput, ctx: JobContext, opts: LoadOptions = {}): Promise<CheckedPdf> {
  const bytes = await fs.readFile(input.path);
  // Small files go to qpdf from memory (already read for pdf-lib); big ones are streamed from disk.
  const quick = await probePdf(bytes.length <= MEMORY_PROBE_MAX ? bytes : input.path, { session: opts.session });
  if (quick.encryption === 'password') throw pdfErrors.encrypted(input.name);
  if (quick.encryption === 'none' && !quick.repaired && quick.pages !== null && quick.pages > 0) {
    // The usual case: qpdf opens it cleanly and pdf-lib walks exactly the pages qpdf counts.
    const parsed = await parse(bytes);
    if (parsed.doc && parsed.pages && parsed.pages.length === quick.pages) {
      return { doc: parsed.doc, pages: parsed.pages, rewritten: false, repaired: false };
    }
  }
  const probe = await probePdf(input.path, { walk: true, session: opts.session });
  if (probe.encryption === 'password') throw pdfErrors.encrypted(input.name);
  if (probe.encryption === 'open' && !(opts.acceptOpenEncrypted && probe.assemblyAllowed))
    throw pdfErrors.restricted(input.name);
  if (probe.pages === 0) throw pdfErrors.noPages(input.name);
  if (probe.pages === null) {
    const own = await readWithPdfLibOnly(input);
    return { doc: own.doc, pages: own.pages, rewritten: false, repaired: true };
  }

  const rewrite = async (): Promise<string> => {
    const out = path.join(ctx.workDir, `rewritten-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
    const args = (f: (p: string) => string) => [
      ...(probe.encryption === 'open' ? ['--decrypt'] : []),
      f(input.path),
      f(out),
    ];
    const r = await runQpdf(args);
    if (r.code === 2) throw pdfErrors.damaged(input.name);
    return out;
  };

  const encrypted = probe.encryption === 'open';
  const original = encrypted ? {} : await parse(bytes);
  const declared = original.declared;
  let repaired = probe.repaired;
  let parsed = original;
  if (encrypted || probe.repaired || !parsed.pages || parsed.pages.length !== probe.pages) {
    // Damaged, or pdf-lib disagrees with qpdf: read qpdf's rewrite instead (let the first parse go first).
    if (!encrypted) repaired = true;
    original.doc = undefined;
    parsed = await parse(await fs.readFile(await rewrite()));
  }
  const pages = parsed.pages;
  if (!parsed.doc || !pages || pages.length !== probe.pages) throw pdfErrors.damaged(input.name);
  if (repaired && declared !== undefined && declared > pages.length)
    throw pdfErrors.lostPages(input.name, pages.length, declared);
  return { doc: parsed.doc, pages, rewritten: parsed !== original, repaired };
}
