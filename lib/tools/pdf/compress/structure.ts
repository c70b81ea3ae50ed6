// Whole-document passes that do not touch pixels: Flate (level 9) for uncompressed and poorly
// compressed streams, removal of thumbnails and private application data, merging of identical streams,
// and dropping objects nothing refers to any more.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';
import { DecodeCapError, filterChain, inflate } from './pixels';

const N = (s: string) => PDFName.of(s);
const SKIP_TYPES = new Set(['XRef', 'ObjStm', 'Metadata']);

/** Re-deflates non-image streams at level 9 (or deflates raw ones); keeps whichever is smaller. */
export function recompressStreams(doc: PDFDocument): { before: number; after: number } {
  const ctx = doc.context;
  let before = 0;
  let after = 0;
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const type = obj.dict.lookup(N('Type'));
    if (type instanceof PDFName && SKIP_TYPES.has(type.decodeText())) {
      // XMP metadata is compressed too, except in PDF/A files, which require it unfiltered.
      if (type !== N('Metadata') || obj.dict.has(N('Filter')) || Buffer.from(obj.contents).includes('pdfaid')) continue;
    }
    if (obj.dict.lookup(N('Subtype')) === N('Image')) continue;
    const chain = filterChain(obj.dict);
    if (!chain || chain.names.length > 1 || chain.parms.some((p) => p)) continue;
    if (chain.names.length === 1 && chain.names[0] !== 'FlateDecode' && chain.names[0] !== 'Fl') continue;
    const size = obj.contents.length;
    if (size < 64) continue;
    let plain: Uint8Array;
    try {
      plain = chain.names.length ? inflate(obj.contents, 128 * 1024 * 1024) : obj.contents;
    } catch (e) {
      if (e instanceof DecodeCapError) throw e;
      continue; // a damaged stream stays as it is
    }
    const packed = zlib.deflateSync(plain, { level: 9, memLevel: 9 });
    before += size;
    if (packed.length + 20 < size) {
      const d = obj.dict.clone(ctx);
      d.set(N('Filter'), N('FlateDecode'));
      d.delete(N('DecodeParms'));
      d.delete(N('DL'));
      ctx.assign(ref, PDFRawStream.of(d, packed));
      after += packed.length;
    } else {
      after += size;
    }
  }
  return { before, after };
}

/** Page thumbnails and application private data (PieceInfo) are never shown by viewers. */
export function dropThumbnailsAndPrivateData(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    page.node.delete(N('Thumb'));
    page.node.delete(N('PieceInfo'));
  }
  doc.catalog.delete(N('PieceInfo'));
}

/** Points every reference to a byte-identical stream at one copy. Returns how many copies were merged. */
export function mergeDuplicateStreams(doc: PDFDocument): number {
  const ctx = doc.context;
  const seen = new Map<string, PDFRef>();
  const alias = new Map<string, PDFRef>();
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const d = obj.dict.clone(ctx);
    d.delete(N('Length'));
    const h = crypto.createHash('sha256').update(d.toString()).update('\n').update(obj.contents).digest('base64');
    const first = seen.get(h);
    if (first) alias.set(ref.toString(), first);
    else seen.set(h, ref);
  }
  if (alias.size === 0) return 0;
  const swap = (o: PDFObject): PDFObject => (o instanceof PDFRef ? (alias.get(o.toString()) ?? o) : o);
  const rewrite = (o: PDFObject | undefined) => {
    if (o instanceof PDFDict) {
      for (const [k, v] of o.entries()) {
        const nv = swap(v);
        if (nv !== v) o.set(k, nv);
        else rewrite(v);
      }
    } else if (o instanceof PDFArray) {
      for (let i = 0; i < o.size(); i++) {
        const v = o.get(i);
        const nv = swap(v);
        if (nv !== v) o.set(i, nv);
        else rewrite(v);
      }
    } else if (o instanceof PDFStream) {
      rewrite(o.dict);
    }
  };
  for (const [, obj] of ctx.enumerateIndirectObjects()) rewrite(obj);
  for (const key of alias.keys()) {
    const [num, gen] = key.split(' ').map(Number);
    ctx.delete(PDFRef.of(num, gen));
  }
  return alias.size;
}

/** Deletes every indirect object not reachable from the trailer (Root, Info). */
export function dropUnreachable(doc: PDFDocument): number {
  const ctx = doc.context;
  const reached = new Set<string>();
  const queue: PDFObject[] = [];
  const { Root, Info } = ctx.trailerInfo;
  if (Root) queue.push(Root);
  if (Info) queue.push(Info);
  while (queue.length) {
    const o = queue.pop()!;
    if (o instanceof PDFRef) {
      const key = o.toString();
      if (reached.has(key)) continue;
      reached.add(key);
      const target = ctx.lookup(o);
      if (target) queue.push(target);
    } else if (o instanceof PDFDict) {
      for (const [, v] of o.entries()) queue.push(v);
    } else if (o instanceof PDFArray) {
      for (let i = 0; i < o.size(); i++) queue.push(o.get(i));
    } else if (o instanceof PDFStream) {
      queue.push(o.dict);
    }
  }
  let dropped = 0;
  for (const [ref] of ctx.enumerateIndirectObjects()) {
    if (!reached.has(ref.toString())) {
      ctx.delete(ref);
      dropped++;
    }
  }
  return dropped;
}

const isIdentity = (m: PDFObject | undefined) =>
  m instanceof PDFArray &&
  m.size() === 6 &&
  m.asArray().every((v, i) => v instanceof PDFNumber && v.asNumber() === [1, 0, 0, 1, 0, 0][i]);

/**
 * A stream's dictionary is the one part of the file that object streams cannot compress, so it is made as
 * short as its meaning allows: a one-filter array becomes the filter name; a form XObject's default
 * /FormType 1 and identity /Matrix and its private /PieceInfo go (8.10.2, 14.5); a direct /Resources
 * dictionary becomes an indirect object shared by every stream with the same resources (form appearance
 * streams repeat `/Font <</Helv …>> /ProcSet […]` once per widget). Returns how many resources were shared.
 */
export function tidyStreamDicts(doc: PDFDocument): number {
  const ctx = doc.context;
  const shared = new Map<string, PDFRef>();
  let count = 0;
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFStream)) continue;
    const d = obj.dict;
    for (const key of ['Filter', 'DecodeParms']) {
      const v = d.get(N(key));
      if (v instanceof PDFArray && v.size() === 1) d.set(N(key), v.get(0));
    }
    if (d.lookup(N('Subtype')) !== N('Form')) continue;
    const formType = d.get(N('FormType'));
    if (formType instanceof PDFNumber && formType.asNumber() === 1) d.delete(N('FormType'));
    if (isIdentity(d.get(N('Matrix')))) d.delete(N('Matrix'));
    if (d.has(N('PieceInfo'))) {
      d.delete(N('PieceInfo'));
      d.delete(N('LastModified'));
    }
    const res = d.get(N('Resources'));
    if (res instanceof PDFDict) {
      const key = res.toString();
      let ref = shared.get(key);
      if (!ref) {
        ref = ctx.register(res);
        shared.set(key, ref);
      }
      d.set(N('Resources'), ref);
      count++;
    }
  }
  return count;
}
