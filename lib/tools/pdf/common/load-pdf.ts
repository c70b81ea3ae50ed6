// Opening a visitor's PDF safely, shared by the PDF tools. Small API:
//   probePdf(path)               qpdf's view: page count, encryption, damage (no pdf-lib involved)
//   loadCheckedPdf(input, ctx)   pdf-lib document + its pages, cross-checked with qpdf; AppError otherwise
//   walkPageTree(doc)            the page leaves in order, loop-safe, with inherited attributes
//   pdfErrors                    the visitor-facing messages (they name the file)
// Policy: an input must be read identically by two independent readers (qpdf-wasm and pdf-lib). A file qpdf
// can only read with repairs is rewritten by qpdf first and pdf-lib reads the repaired copy; if the two still
// disagree on the page count, the file is refused as damaged instead of silently losing pages.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, ParseSpeeds, type PDFObject } from 'pdf-lib';
import { AppError, displayName } from '@/lib/api/errors';
import type { JobContext, JobInput } from '../../types';
import { runQpdf } from './qpdf';

export const pdfErrors = {
  encrypted: (name: string) =>
    new AppError('UNPROCESSABLE', `"${displayName(name)}" is password-protected. Remove the password and try again.`),
  restricted: (name: string) =>
    new AppError('UNPROCESSABLE', `"${displayName(name)}" is protected against changes by its author. Remove the protection and try again.`),
  damaged: (name: string) => new AppError('UNPROCESSABLE', `"${displayName(name)}" is damaged and cannot be read.`),
  noPages: (name: string) => new AppError('UNPROCESSABLE', `"${displayName(name)}" has no pages.`),
};

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

export async function probePdf(file: string): Promise<PdfProbe> {
  // --show-pages walks the real page tree (it detects loops, unlike --show-npages, which trusts /Count).
  const r = await runQpdf((f) => ['--show-encryption', '--show-pages', f(file)]);
  const lines = r.stdout.split('\n').map((l) => l.trim());
  const needsPassword = /Incorrect password supplied|invalid password/i.test(`${r.stdout}\n${r.stderr}`);
  const count = lines.filter((l) => /^page \d+: /.test(l)).length;
  const encryption: Encryption = needsPassword ? 'password' : lines.includes('File is not encrypted') ? 'none' : lines.some((l) => /^R = \d/.test(l)) ? 'open' : 'none';
  return {
    pages: r.code === 2 ? null : count,
    encryption,
    assemblyAllowed: lines.includes('modify document assembly: allowed'),
    repaired: r.code === 3,
  };
}

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
}

export interface LoadOptions {
  /** Accept files encrypted with an empty user password whose author allows page assembly (merge). */
  acceptOpenEncrypted?: boolean;
}

async function parse(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: PageLeaf[] } | null> {
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    if (doc.isEncrypted) return null;
    return { doc, pages: walkPageTree(doc) };
  } catch {
    // Parser errors, a looping page tree, stack overflow on pathological nesting: all mean "cannot be read".
    return null;
  }
}

/**
 * Loads a visitor's PDF for editing with pdf-lib, or throws the AppError to show. `ctx.workDir` receives a
 * qpdf-rewritten copy when the file needs repair or decryption.
 */
export async function loadCheckedPdf(input: JobInput, ctx: JobContext, opts: LoadOptions = {}): Promise<CheckedPdf> {
  const probe = await probePdf(input.path);
  if (probe.encryption === 'password') throw pdfErrors.encrypted(input.name);
  if (probe.encryption === 'open' && !(opts.acceptOpenEncrypted && probe.assemblyAllowed)) throw pdfErrors.restricted(input.name);
  if (probe.pages === null) throw pdfErrors.damaged(input.name);
  if (probe.pages === 0) throw pdfErrors.noPages(input.name);

  const rewrite = async (): Promise<string> => {
    const out = path.join(ctx.workDir, `rewritten-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
    const args = (f: (p: string) => string) =>
      [...(probe.encryption === 'open' ? ['--decrypt'] : []), f(input.path), f(out)];
    const r = await runQpdf(args);
    if (r.code === 2) throw pdfErrors.damaged(input.name);
    return out;
  };

  let rewritten = probe.encryption === 'open' || probe.repaired;
  let file = rewritten ? await rewrite() : input.path;
  let parsed = await parse(await fs.readFile(file));
  if ((!parsed || parsed.pages.length !== probe.pages) && !rewritten) {
    rewritten = true;
    file = await rewrite();
    parsed = await parse(await fs.readFile(file));
  }
  if (!parsed || parsed.pages.length !== probe.pages) throw pdfErrors.damaged(input.name);
  return { doc: parsed.doc, pages: parsed.pages, rewritten };
}
