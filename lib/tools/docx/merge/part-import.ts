// Word merge, parts and relationships: a relationship of a document part is copied with what it points to,
// once per document; media are shared by content hash, headers and footers rewritten like the body.
import { RelSet } from '@/lib/office/out-package';
import { rewriteXml } from './rewriter';
import { XML_DECL, relIs } from './parts';
import type { DocxMerger } from './merge';
import type { DocCtx } from './merge-types';

export function relHook(
  merger: DocxMerger,
  d: DocCtx,
  srcOwner: string,
  outOwner: string,
  rels: RelSet,
): (id: string) => string {
  return (id) => importRel(merger, d, srcOwner, rels, id) ?? id;
}

/** Copies the target of one relationship of `srcOwner` into the merged package; returns the new id. */
export function importRel(merger: DocxMerger, d: DocCtx, srcOwner: string, rels: RelSet, id: string): string | null {
  const key = srcOwner.toLowerCase();
  let memo = d.relMemo.get(key);
  if (!memo) {
    memo = new Map();
    d.relMemo.set(key, memo);
  }
  const done = memo.get(id);
  if (done) return done;
  const rel = d.src.rel(srcOwner, id);
  if (!rel) return null;
  let newId: string;
  if (rel.external) newId = rels.add(rel.type, rel.target, true);
  else {
    const target = importPart(merger, d, rel.target);
    // A relationship to a part the package lacks stays a (broken) external link: Word shows a missing
    // picture instead of refusing the whole file over an unknown id.
    if (!target) {
      newId = rels.add(rel.type, rel.target, true);
      memo.set(id, newId);
      return newId;
    }
    newId = rels.add(rel.type, target, false);
    if (relIs(rel.type, 'diagramData')) {
      // The data part names its drawing by an id of the referring part's relationships (dsp:dataModelExt).
      const part = merger.out.get(target);
      if (part && typeof part.data === 'string' && !(part as { patched?: boolean }).patched) {
        (part as { patched?: boolean }).patched = true;
        part.data = part.data.replace(
          /(\brelId=")([^"]*)(")/g,
          (_m, a: string, v: string, b: string) => a + (importRel(merger, d, srcOwner, rels, v) ?? v) + b,
        );
      }
    }
  }
  memo.set(id, newId);
  return newId;
}

/** Copies a part (and what it relates to) once per document; media are shared by content hash. */
export function importPart(merger: DocxMerger, d: DocCtx, srcName: string): string | null {
  const { src } = d;
  const stored = src.resolve(srcName);
  if (!stored) return null;
  const key = stored.toLowerCase();
  if (d.partMap.has(key)) return d.partMap.get(key)!;
  const type = src.contentType(stored);
  const text = src.text(stored);
  if (/\.(header|footer)\+xml$/.test(type) && text) {
    const name = merger.out.freeName(stored);
    d.partMap.set(key, name);
    const rels = new RelSet();
    const part = merger.out.add({ name, type, data: '', rels });
    const r = rewriteXml(text, {
      mode: 'whole',
      stripParaIds: true,
      hooks: { ...d.hooks, rel: relHook(merger, d, stored, name, rels) },
    });
    part.data = XML_DECL + r.xml;
    return name;
  }
  if (src.hasRels(stored)) {
    const name = merger.out.freeName(stored);
    d.partMap.set(key, name);
    const rels = new RelSet();
    const part = merger.out.add({
      name,
      type,
      rels,
      ...(text !== undefined ? { data: text } : { source: { pkg: src.pkg, name: stored } }),
    });
    for (const r of src.rels(stored)) {
      if (r.external) rels.add(r.type, r.target, true, r.id);
      else {
        const t = importPart(merger, d, r.target);
        if (t) rels.add(r.type, t, false, r.id);
      }
    }
    return part.name;
  }
  const hash = src.hash(stored);
  const dup = hash ? merger.hashIndex.get(`${hash}|${type}`) : undefined;
  if (dup) {
    d.partMap.set(key, dup);
    return dup;
  }
  const name = merger.out.freeName(stored);
  merger.out.add({ name, type, ...(text !== undefined ? { data: text } : { source: { pkg: src.pkg, name: stored } }) });
  if (hash) merger.hashIndex.set(`${hash}|${type}`, name);
  d.partMap.set(key, name);
  return name;
}
