// PDF merge: pages in list order with their size and rotation, and what naive copyPages loses: each file's
// outline under one entry named after the file, internal links and named destinations (clashing names
// renamed), form fields (clashing names renamed), page labels, optional content. Inputs are opened one at a
// time through loadCheckedPdf (qpdf-wasm cross-check: encrypted or damaged files are refused by name).
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFPageLeaf,
  PDFRef,
  PDFStreamWriter,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { AppError, displayName } from '@/lib/core/errors';
import type { Processor } from '../../types';
import { loadCheckedPdf, repairedNotice } from '../common/load-pdf';
import { QpdfSession } from '../common/qpdf';
import { Copier } from './copier';
import { DestMerger, renameDests } from './dests';
import { FormMerger } from './forms';
import { OutlineBuilder } from './outline';
import { StructMerger } from './structure';
import { keyOf, readTree, writeNameTree, writeNumberTree } from './trees';

const N = (s: string) => PDFName.of(s);
// Not carried over from a page: its old parent, and article-thread beads (threads are not merged).
const PAGE_SKIP = new Set([N('Parent'), N('B')]);

export const fileTitle = (name: string) => displayName(name).replace(/\.pdf$/i, '') || 'file';

class OptionalContent {
  readonly ocgs: PDFObject[] = [];
  readonly off: PDFObject[] = [];
  readonly order: PDFObject[] = [];
  add(src: PDFDocument, copier: Copier): void {
    const oc = src.catalog.lookup(N('OCProperties'));
    if (!(oc instanceof PDFDict)) return;
    const push = (to: PDFObject[], arr: PDFObject | undefined) => {
      if (arr instanceof PDFArray) for (const o of arr.asArray()) to.push(copier.copy(o));
    };
    push(this.ocgs, oc.lookup(N('OCGs')));
    const d = oc.lookup(N('D'));
    if (d instanceof PDFDict) {
      push(this.off, d.lookup(N('OFF')));
      push(this.order, d.lookup(N('Order')));
    }
  }
  finish(out: PDFDocument): void {
    if (!this.ocgs.length) return;
    const ctx = out.context;
    const d = ctx.obj({ BaseState: 'ON', OFF: this.off, Order: this.order.length ? this.order : this.ocgs });
    out.catalog.set(N('OCProperties'), ctx.obj({ OCGs: this.ocgs, D: d }));
  }
}

/** Document-level attachments (/Names /EmbeddedFiles): all kept, a clashing name becomes 'name (2).ext'. */
function addAttachments(src: PDFDocument, copier: Copier, into: Map<string, PDFObject>): void {
  const tree = (src.catalog.lookup(N('Names')) as PDFDict | undefined)?.get(N('EmbeddedFiles'));
  if (!tree) return;
  for (const [k, v] of readTree(src.context, tree, 'Names')) {
    let key = keyOf(k);
    if (key === undefined || !(k instanceof PDFString || k instanceof PDFHexString)) continue;
    const text = k.decodeText();
    for (let i = 2; into.has(key); i++) {
      const renamed = text.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext}`);
      key = Buffer.from(PDFHexString.fromText(renamed).asBytes()).toString('latin1');
    }
    into.set(key, copier.copy(v));
  }
}

export const run: Processor = async (inputs, _options, ctx) => {
  if (inputs.length < 2) throw new AppError('BAD_REQUEST', 'Choose at least 2 PDF files to merge.');
  const out = await PDFDocument.create({ updateMetadata: false });
  const octx = out.context;
  const treeRef = out.catalog.get(N('Pages')) as PDFRef;
  const kids: PDFRef[] = [];
  const outline = new OutlineBuilder(out);
  const dests = new DestMerger();
  const attachments = new Map<string, PDFObject>();
  const forms = new FormMerger(out);
  const oc = new OptionalContent();
  const structure = new StructMerger(out);
  const labels: [number, PDFObject][] = [];
  let anyLabels = false;
  let lang: PDFObject | undefined;
  const repaired: string[] = [];
  const qpdf = new QpdfSession();

  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    const {
      doc,
      pages,
      repaired: wasRepaired,
    } = await loadCheckedPdf(input, ctx, { acceptOpenEncrypted: true, session: qpdf });
    if (wasRepaired) repaired.push(input.name);
    const pageMap = new Map<PDFRef, PDFRef>();
    const newRefs = pages.map((p) => {
      const r = octx.nextRef();
      pageMap.set(p.ref, r);
      return r;
    });
    const copier = new Copier(doc.context, octx, pageMap);
    const structOffset = structure.prepare(doc, copier);
    const seenAnnots = new Set<PDFDict>();
    const renames = dests.add(doc, copier, i + 1, newRefs);
    addAttachments(doc, copier, attachments);

    pages.forEach((p, k) => {
      const dict = copier.copyDict(p.dict, PAGE_SKIP);
      for (const [key, v] of p.inherited) dict.set(key, copier.copy(v));
      dict.set(N('Parent'), treeRef);
      StructMerger.shift(dict, 'StructParents', structOffset);
      const annots = dict.lookup(N('Annots'));
      if (annots instanceof PDFArray) {
        for (const a of annots.asArray()) {
          const ad = octx.lookup(a);
          if (!(ad instanceof PDFDict) || seenAnnots.has(ad)) continue;
          seenAnnots.add(ad);
          renameDests(ad, renames);
          StructMerger.shift(ad, 'StructParent', structOffset);
        }
      }
      octx.assign(newRefs[k], PDFPageLeaf.fromMapWithContext(new Map(dict.entries()), octx));
      kids.push(newRefs[k]);
    });

    outline.addFile(doc, copier, renames, fileTitle(input.name), newRefs[0]);
    forms.add(doc, copier, i + 1);
    oc.add(doc, copier);
    if (structOffset !== undefined) structure.add(doc, copier, structOffset);
    lang ??= doc.catalog.get(N('Lang')) && copier.copy(doc.catalog.get(N('Lang'))!);

    const offset = kids.length - pages.length;
    const own = readTree(doc.context, doc.catalog.get(N('PageLabels')), 'Nums')
      .filter(
        ([k]) =>
          k instanceof PDFNumber && Number.isInteger(k.asNumber()) && k.asNumber() >= 0 && k.asNumber() < pages.length,
      )
      .map(([k, v]) => [(k as PDFNumber).asNumber(), v] as const);
    if (own.length) anyLabels = true;
    // A file without labels (or whose labels start late) keeps the plain 1, 2, 3... it showed on its own.
    if (!own.some(([k]) => k === 0)) labels.push([offset, octx.obj({ S: 'D' })]);
    for (const [k, v] of own) labels.push([offset + k, copier.copy(v)]);
  }

  const tree = octx.lookup(treeRef, PDFDict);
  tree.set(N('Kids'), octx.obj(kids));
  tree.set(N('Count'), PDFNumber.of(kids.length));
  outline.finish();
  forms.finish();
  oc.finish(out);
  structure.finish();
  const names = PDFDict.withContext(octx);
  if (dests.strings.size) names.set(N('Dests'), octx.register(writeNameTree(octx, dests.strings)));
  if (attachments.size) names.set(N('EmbeddedFiles'), octx.register(writeNameTree(octx, attachments)));
  if (names.keys().length) out.catalog.set(N('Names'), octx.register(names));
  if (dests.names.size) {
    const d = PDFDict.withContext(octx);
    for (const [k, v] of dests.names) d.set(N(k), v);
    out.catalog.set(N('Dests'), octx.register(d));
  }
  if (anyLabels) out.catalog.set(N('PageLabels'), octx.register(writeNumberTree(octx, labels)));
  if (lang) out.catalog.set(N('Lang'), lang);
  const now = new Date();
  out.setCreationDate(now);
  out.setModificationDate(now);

  // What save({ useObjectStreams: true }) does, with 1000 objects per object stream instead of 50: the same
  // compression, 20x fewer deflate set-ups (pdf-lib's pure-JS deflate allocates its window for each).
  await out.flush();
  const bytes = await PDFStreamWriter.forContext(octx, Infinity, true, 1000).serializeToBuffer();
  const file = path.join(ctx.workDir, 'merged.pdf');
  await fs.writeFile(file, bytes);

  return { path: file, notice: repairedNotice(repaired) };
};
