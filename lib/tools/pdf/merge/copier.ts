// Copies objects from one input document into the merged one. Unlike pdf-lib's copyPages, page references are
// mapped to the pages already placed in the output, so a link (/Dest [page ...]) or an annotation's /P never
// drags in a second copy of a page with its content. References are followed with a work queue, not
// recursion, so long chains (threads, outline-like lists) cannot overflow the stack. Stream bytes are shared,
// not duplicated.
import 'server-only';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNull,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';

const TYPE = PDFName.of('Type');
const STREAM = Buffer.from('\nstream\n');
const ENDSTREAM = Buffer.from('\nendstream');

/**
 * pdf-lib writes a stream's bytes into the output one by one in a JS loop (1.1 s of CPU for 100 MB of
 * images); this writes the same bytes with one native copy. Set on each copied stream (not on the class).
 */
function copyStreamBytesInto(this: PDFRawStream, buffer: Uint8Array, offset: number): number {
  this.updateDict();
  const start = offset;
  offset += this.dict.copyBytesInto(buffer, offset);
  buffer.set(STREAM, offset);
  offset += STREAM.length;
  const contents = this.getContents();
  buffer.set(contents, offset);
  offset += contents.length;
  buffer.set(ENDSTREAM, offset);
  return offset + ENDSTREAM.length - start;
}
const PAGE_TYPES = new Set([PDFName.of('Page'), PDFName.of('Pages')]);

export class Copier {
  private readonly map = new Map<PDFRef, PDFRef>();
  private readonly queue: [PDFRef, PDFRef][] = [];

  /** `pages`: source page ref -> output page ref (already allocated). */
  constructor(
    readonly src: PDFContext,
    readonly dest: PDFContext,
    pages: Map<PDFRef, PDFRef>,
  ) {
    for (const [from, to] of pages) this.map.set(from, to);
  }

  /** Makes `from` point to an output object built elsewhere (e.g. the merged structure tree root). */
  alias(from: PDFRef, to: PDFRef): void {
    this.map.set(from, to);
  }

  /** The output ref for a source ref, copying the object it points to (once). */
  ref(r: PDFRef): PDFRef {
    let to = this.map.get(r);
    if (!to) {
      to = this.dest.nextRef();
      this.map.set(r, to);
      this.queue.push([r, to]);
    }
    return to;
  }

  /** Copies a (direct) object and, before returning, everything it references that was not copied yet. */
  copy<T extends PDFObject>(obj: T): T {
    const out = this.clone(obj) as T;
    this.drain();
    return out;
  }

  /** Copies a dict, leaving out some keys (e.g. a page's /Parent). */
  copyDict(dict: PDFDict, skip: ReadonlySet<PDFName> = new Set()): PDFDict {
    const out = PDFDict.withContext(this.dest);
    for (const [k, v] of dict.entries()) if (!skip.has(k)) out.set(k, this.clone(v));
    this.drain();
    return out;
  }

  /** Copies everything still queued by ref(). */
  flush(): void {
    this.drain();
  }

  private drain(): void {
    while (this.queue.length) {
      const [from, to] = this.queue.pop()!;
      const obj = this.src.lookup(from);
      // A page that is not in the page tree (orphan) or a page-tree node: never copy it (nor its content).
      if (obj === undefined || (obj instanceof PDFDict && PAGE_TYPES.has(obj.get(TYPE) as PDFName))) {
        this.dest.assign(to, PDFNull);
      } else {
        this.dest.assign(to, this.clone(obj));
      }
    }
  }

  private clone(obj: PDFObject): PDFObject {
    if (obj instanceof PDFRef) return this.ref(obj);
    if (obj instanceof PDFDict) {
      const out = PDFDict.withContext(this.dest);
      for (const [k, v] of obj.entries()) out.set(k, this.clone(v));
      return out;
    }
    if (obj instanceof PDFArray) {
      const out = PDFArray.withContext(this.dest);
      for (let i = 0, n = obj.size(); i < n; i++) out.push(this.clone(obj.get(i)));
      return out;
    }
    if (obj instanceof PDFRawStream) {
      const out = PDFRawStream.of(this.clone(obj.dict) as PDFDict, obj.contents);
      out.copyBytesInto = copyStreamBytesInto;
      return out;
    }
    if (obj instanceof PDFStream) {
      const out = obj.clone(this.dest);
      for (const [k, v] of obj.dict.entries()) out.dict.set(k, this.clone(v));
      return out;
    }
    // Names, numbers, strings, booleans, null: immutable, shared.
    return obj;
  }
}
