// Tagged PDF (logical structure, for screen readers and reflow): the structure trees of the inputs merged
// under one /StructTreeRoot. Each file's top-level elements become children of the merged root (their /P is
// redirected to it), and its parent-tree keys (the pages' /StructParents, the annotations' /StructParent) are
// shifted past the previous files' keys so every marked-content id still finds its element. Pages of an
// untagged file lose stale /StructParents keys, which would otherwise point into another file's elements.
import 'server-only';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, type PDFObject } from 'pdf-lib';
import type { Copier } from './copier';
import { readTree, writeNumberTree } from './trees';

const N = (s: string) => PDFName.of(s);

export class StructMerger {
  private rootRef: PDFRef | undefined;
  private readonly kids: PDFObject[] = [];
  private readonly parentTree: [number, PDFObject][] = [];
  private nextKey = 0;
  private readonly roleMap: PDFDict;
  private readonly classMap: PDFDict;
  private marked = false;

  constructor(private readonly out: PDFDocument) {
    this.roleMap = PDFDict.withContext(out.context);
    this.classMap = PDFDict.withContext(out.context);
  }

  /**
   * Before this file's pages are copied: redirects its structure root to the merged one. Returns the offset
   * for its parent-tree keys, or undefined when the file is not tagged.
   */
  prepare(src: PDFDocument, copier: Copier): number | undefined {
    const ref = src.catalog.get(N('StructTreeRoot'));
    if (!(ref instanceof PDFRef) || !(src.context.lookup(ref) instanceof PDFDict)) return undefined;
    this.rootRef ??= this.out.context.nextRef();
    copier.alias(ref, this.rootRef);
    return this.nextKey;
  }

  /** After the pages are copied: takes the file's elements, parent tree, role and class maps. */
  add(src: PDFDocument, copier: Copier, offset: number): void {
    const root = src.catalog.lookup(N('StructTreeRoot'), PDFDict);
    const k = root.get(N('K'));
    const kids = src.context.lookup(k);
    if (kids instanceof PDFArray) for (const kid of kids.asArray()) this.kids.push(copier.copy(kid));
    else if (k !== undefined) this.kids.push(copier.copy(k));
    let max = -1;
    for (const [key, value] of readTree(src.context, root.get(N('ParentTree')), 'Nums')) {
      if (!(key instanceof PDFNumber) || !Number.isInteger(key.asNumber()) || key.asNumber() < 0) continue;
      max = Math.max(max, key.asNumber());
      this.parentTree.push([offset + key.asNumber(), copier.copy(value)]);
    }
    const declared = root.lookup(N('ParentTreeNextKey'));
    const next = declared instanceof PDFNumber ? Math.max(declared.asNumber(), max + 1) : max + 1;
    this.nextKey = offset + Math.max(next, 0);
    for (const [map, key] of [
      [this.roleMap, 'RoleMap'],
      [this.classMap, 'ClassMap'],
    ] as const) {
      const from = root.lookup(N(key));
      if (from instanceof PDFDict) for (const [n, v] of from.entries()) if (!map.has(n)) map.set(n, copier.copy(v));
    }
    const markInfo = src.catalog.lookup(N('MarkInfo'));
    if (markInfo instanceof PDFDict && markInfo.lookup(N('Marked'))?.toString() === 'true') this.marked = true;
  }

  /** Shifts (tagged file) or drops (untagged file) a copied page's or annotation's parent-tree key. */
  static shift(dict: PDFDict, key: 'StructParents' | 'StructParent', offset: number | undefined): void {
    const v = dict.lookup(N(key));
    if (offset === undefined || !(v instanceof PDFNumber)) dict.delete(N(key));
    else dict.set(N(key), PDFNumber.of(v.asNumber() + offset));
  }

  finish(): void {
    if (!this.rootRef) return;
    const ctx = this.out.context;
    const root = ctx.obj({ Type: 'StructTreeRoot', K: this.kids, ParentTreeNextKey: this.nextKey });
    root.set(N('ParentTree'), ctx.register(writeNumberTree(ctx, this.parentTree)));
    if (this.roleMap.keys().length) root.set(N('RoleMap'), this.roleMap);
    if (this.classMap.keys().length) root.set(N('ClassMap'), this.classMap);
    ctx.assign(this.rootRef, root);
    this.out.catalog.set(N('StructTreeRoot'), this.rootRef);
    if (this.marked) this.out.catalog.set(N('MarkInfo'), ctx.obj({ Marked: true }));
  }
}
