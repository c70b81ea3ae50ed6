// Named destinations of every input, merged into one name tree (and one /Dests dictionary for the old
// PDF 1.1 name-keyed form). A name already used by an earlier file is renamed ('intro' -> 'intro_2') and every
// link, outline item and GoTo action of that file is rewritten to the new name.
import 'server-only';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, type PDFObject } from 'pdf-lib';
import type { Copier } from './copier';
import { hexKey, keyOf, readTree } from './trees';

const N = (s: string) => PDFName.of(s);

export class DestMerger {
  /** key -> copied destination, for string keys (name tree) and name keys (/Dests dict). */
  readonly strings = new Map<string, PDFObject>();
  readonly names = new Map<string, PDFObject>();

  /** Adds one input's destinations; returns its rename map (string keys and name keys share one map). */
  add(src: PDFDocument, copier: Copier, fileNo: number): Renames {
    const renames: Renames = { strings: new Map(), names: new Map() };
    const catalog = src.catalog;
    const nameTree = (catalog.lookup(N('Names')) as PDFDict | undefined)?.get(N('Dests'));
    const take = (target: Map<string, PDFObject>, renameMap: Map<string, string>, key: string, value: PDFObject) => {
      let k = key;
      if (target.has(k)) {
        for (let i = fileNo; target.has(k); i++) k = `${key}_${i}`;
        renameMap.set(key, k);
      }
      target.set(k, copier.copy(value));
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
  if (!r.strings.size && !r.names.size) return;
  const d = renamed(dict.get(N('Dest')), r);
  if (d) dict.set(N('Dest'), d);
  const seen = new Set<PDFDict>();
  const first = dict.get(N('A'));
  const stack: PDFObject[] = first ? [first] : [];
  while (stack.length) {
    const a = dict.context.lookup(stack.pop());
    if (!(a instanceof PDFDict) || seen.has(a)) continue;
    seen.add(a);
    const to = renamed(a.get(N('D')), r);
    if (to && a.get(N('S')) === N('GoTo')) a.set(N('D'), to);
    const next = a.lookup(N('Next'));
    if (next instanceof PDFArray) stack.push(...next.asArray());
    else if (next) stack.push(next);
  }
}
