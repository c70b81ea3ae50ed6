// Name trees (named destinations) and number trees (page labels): read loop-safe, written flat and sorted.
import 'server-only';
import { PDFArray, PDFContext, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString, type PDFObject } from 'pdf-lib';

const MAX_NODES = 100_000;

/** A name-tree or number-tree key as a byte string (latin1), comparable byte-wise. */
export function keyOf(obj: PDFObject | undefined): string | undefined {
  if (obj instanceof PDFString || obj instanceof PDFHexString) return Buffer.from(obj.asBytes()).toString('latin1');
  if (obj instanceof PDFName) return obj.decodeText();
  return undefined;
}

export const hexKey = (key: string) => PDFHexString.of(Buffer.from(key, 'latin1').toString('hex'));

/** Leaf entries of a name tree (`/Names`) or number tree (`/Nums`), in tree order; malformed parts skipped. */
export function readTree(
  ctx: PDFContext,
  root: PDFObject | undefined,
  leafKey: 'Names' | 'Nums',
): [PDFObject, PDFObject][] {
  const out: [PDFObject, PDFObject][] = [];
  const seen = new Set<PDFDict>();
  const stack: PDFObject[] = root ? [root] : [];
  while (stack.length && seen.size < MAX_NODES) {
    const node = ctx.lookup(stack.pop());
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const leaves = node.lookup(PDFName.of(leafKey));
    if (leaves instanceof PDFArray) {
      for (let i = 0; i + 1 < leaves.size(); i += 2) out.push([ctx.lookup(leaves.get(i))!, leaves.get(i + 1)]);
    }
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = kids.size() - 1; i >= 0; i--) stack.push(kids.get(i));
  }
  return out;
}

/** A flat name tree: one node with all entries sorted by key bytes. */
export function writeNameTree(ctx: PDFContext, entries: Map<string, PDFObject>): PDFDict {
  const names = PDFArray.withContext(ctx);
  for (const key of [...entries.keys()].sort(byBytes)) {
    names.push(hexKey(key));
    names.push(entries.get(key)!);
  }
  return ctx.obj({ Names: names });
}

export function writeNumberTree(ctx: PDFContext, entries: [number, PDFObject][]): PDFDict {
  const nums = PDFArray.withContext(ctx);
  for (const [k, v] of [...entries].sort((a, b) => a[0] - b[0])) {
    nums.push(PDFNumber.of(k));
    nums.push(v);
  }
  return ctx.obj({ Nums: nums });
}

export const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
