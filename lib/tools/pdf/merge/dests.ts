// Named destinations of every input, merged into one name tree (and one /Dests dictionary for the old
// PDF 1.1 name-keyed form). A name already used by an earlier file is renamed ('intro' -> 'intro_2') and every
// link, outline item and GoTo action of that file is rewritten to the new name.
import 'server-only';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import type { Copier } from './copier';
import { hexKey, keyOf, readTree } from './trees';

const N = (s: string) => PDFName.of(s);

export class DestMerger {
  /** key -> copied destination, for string keys (name tree) and name keys (/Dests dict). */
  readonly strings = new Map<string, PDFObject>();
  readonly names = new Map<string, PDFObject>();

  /** Adds one input's destinations; returns its rename map (string keys and name keys share one map). */
  add(src: PDFDocument, copier: Copier, fileNo: number, pages: PDFRef[]): Renames {
    const renames: Renames = { strings: new Map(), names: new Map(), pages };
    const catalog = src.catalog;
    const nameTree = (catalog.lookup(N('Names')) as PDFDict | undefined)?.get(N('Dests'));
    const take = (target: Map<string, PDFObject>, renameMap: Map<string, string>, key: string, value: PDFObject) => {
      let k = key;
      if (target.has(k)) {
        for (let i = fileNo; target.has(k); i++) k = `${key}_${i}`;
        renameMap.set(key, k);
      }
      const copied = copier.copy(value);
      fixIndexDest(copier.dest.lookup(copied), renames);
      target.set(k, copied);
    };
    if (catalog.lookup(N('Names')) instanceof PDFDict) {
      for (const [k, v] of readTree(src.context, nameTree, 'Names')) {
        const key = keyOf(k);
        if (key !== undefined && !renames.strings.has(key)) take(this.strings, renames.strings, key, v);
      }
    }
    const old = catalog.lookup(N('Dests'));
    if (old instanceof PDFDict) {
      for (const [k, v] of old.entries()) {
        const key = k.decodeText();
        if (!renames.names.has(key)) take(this.names, renames.names, key, v);
      }
    }
    return renames;
  }
}

export interface Renames {
  strings: Map<string, string>;
  names: Map<string, string>;
  /** This file's pages in the output, for destinations that name a page by its index (0-based). */
  pages?: PDFRef[];
}

/**
 * Some producers write local destinations as [pageIndex /Fit] instead of [pageRef /Fit]; viewers read the
 * number as a page of this file, so after merging it must become the output page (else it points at file 1).
 */
export function fixIndexDest(dest: PDFObject | undefined, r: Renames): void {
  const arr = dest instanceof PDFDict ? dest.context.lookup(dest.get(N('D'))) : dest;
  if (!(arr instanceof PDFArray) || !r.pages) return;
  const first = arr.get(0);
  if (first instanceof PDFNumber) {
    const page = r.pages[first.asNumber()];
    if (page && Number.isInteger(first.asNumber())) arr.set(0, page);
  }
}

/** The destination with a renamed key, or the same object. */
function renamed(dest: PDFObject | undefined, r: Renames): PDFObject | undefined {
  if (dest instanceof PDFString || dest instanceof PDFHexString) {
    const to = r.strings.get(keyOf(dest)!);
    return to === undefined ? undefined : hexKey(to);
  }
  if (dest instanceof PDFName) {
    const to = r.names.get(dest.decodeText());
    return to === undefined ? undefined : PDFName.of(to);
  }
  return undefined;
}

/** Rewrites /Dest and the GoTo actions (with their /Next chain) of a copied annotation or outline item. */
export function renameDests(dict: PDFDict, r: Renames): void {
  fixIndexDest(dict.context.lookup(dict.get(N('Dest'))), r);
  const d = renamed(dict.get(N('Dest')), r);
  if (d) dict.set(N('Dest'), d);
  const seen = new Set<PDFDict>();
  const first = dict.get(N('A'));
  const stack: PDFObject[] = first ? [first] : [];
  while (stack.length) {
    const a = dict.context.lookup(stack.pop());
    if (!(a instanceof PDFDict) || seen.has(a)) continue;
    seen.add(a);
    if (a.get(N('S')) === N('GoTo')) {
      fixIndexDest(a.context.lookup(a.get(N('D'))), r);
      const to = renamed(a.get(N('D')), r);
      if (to) a.set(N('D'), to);
    }
    const next = a.lookup(N('Next'));
    if (next instanceof PDFArray) stack.push(...next.asArray());
    else if (next) stack.push(next);
  }
}
