// The merged outline: one top-level entry per input file, named after the file and opening its first page,
// holding that file's own bookmarks (titles, destinations, actions, colours, styles, open/closed state).
import 'server-only';
import { PDFContext, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, type PDFObject } from 'pdf-lib';
import type { Copier } from './copier';
import { renameDests, type Renames } from './dests';

const N = (s: string) => PDFName.of(s);
const MAX_ITEMS = 200_000;
const MAX_DEPTH = 64;

interface Item {
  ref: PDFRef;
  dict: PDFDict;
  kids: Item[];
  open: boolean;
}

/** Visible descendants when open (PDF 32000 12.3.3 /Count). */
function visible(item: Item): number {
  return item.kids.reduce((n, k) => n + 1 + (k.open ? visible(k) : 0), 0);
}

function link(ctx: PDFContext, parent: PDFRef, items: Item[]): void {
  items.forEach((it, i) => {
    it.dict.set(N('Parent'), parent);
    if (i > 0) it.dict.set(N('Prev'), items[i - 1].ref);
    if (i < items.length - 1) it.dict.set(N('Next'), items[i + 1].ref);
    if (it.kids.length) {
      it.dict.set(N('First'), it.kids[0].ref);
      it.dict.set(N('Last'), it.kids[it.kids.length - 1].ref);
      const n = visible(it);
      it.dict.set(N('Count'), PDFNumber.of(it.open ? n : -n));
      link(ctx, it.ref, it.kids);
    }
    ctx.assign(it.ref, it.dict);
  });
}

export class OutlineBuilder {
  private readonly files: Item[] = [];
  private budget = MAX_ITEMS;
  hasSourceOutlines = false;

  constructor(private readonly out: PDFDocument) {}

  /** Adds the entry for one input: `firstPage` is its first page in the output. */
  addFile(src: PDFDocument, copier: Copier, renames: Renames, title: string, firstPage: PDFRef): void {
    const ctx = this.out.context;
    const dict = ctx.obj({ Title: PDFHexString.fromText(title), Dest: [firstPage, N('Fit')] });
    const root = src.catalog.lookup(N('Outlines'));
    const kids = root instanceof PDFDict ? this.copyChildren(src, root, copier, renames, new Set(), 0) : [];
    if (kids.length) this.hasSourceOutlines = true;
    this.files.push({ ref: ctx.nextRef(), dict, kids, open: true });
  }

  private copyChildren(
    src: PDFDocument,
    parent: PDFDict,
    copier: Copier,
    renames: Renames,
    seen: Set<PDFObject>,
    depth: number,
  ): Item[] {
    const items: Item[] = [];
    if (depth > MAX_DEPTH) return items;
    let cur = parent.get(N('First'));
    while (cur && this.budget > 0) {
      const node = src.context.lookup(cur);
      if (!(node instanceof PDFDict) || seen.has(node)) break;
      seen.add(node);
      this.budget--;
      const dict = PDFDict.withContext(this.out.context);
      for (const key of ['Title', 'Dest', 'A', 'C', 'F']) {
        const v = node.get(N(key));
        if (v !== undefined) dict.set(N(key), copier.copy(v));
      }
      if (!dict.has(N('Title'))) dict.set(N('Title'), PDFHexString.fromText(''));
      renameDests(dict, renames);
      const count = node.lookup(N('Count'));
      items.push({
        ref: this.out.context.nextRef(),
        dict,
        kids: this.copyChildren(src, node, copier, renames, seen, depth + 1),
        open: !(count instanceof PDFNumber && count.asNumber() < 0),
      });
      cur = node.get(N('Next'));
    }
    return items;
  }

  /** Writes /Outlines into the output catalog. */
  finish(): void {
    if (!this.files.length) return;
    const ctx = this.out.context;
    const rootRef = ctx.nextRef();
    link(ctx, rootRef, this.files);
    const total = this.files.reduce((n, f) => n + 1 + (f.open ? visible(f) : 0), 0);
    ctx.assign(
      rootRef,
      ctx.obj({
        Type: 'Outlines',
        First: this.files[0].ref,
        Last: this.files[this.files.length - 1].ref,
        Count: total,
      }),
    );
    this.out.catalog.set(N('Outlines'), rootRef);
    if (this.hasSourceOutlines) this.out.catalog.set(N('PageMode'), N('UseOutlines'));
  }
}
