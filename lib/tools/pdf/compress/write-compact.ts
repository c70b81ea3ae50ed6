// The final save: every object renumbered 1..n, dictionaries and arrays written without the spaces and
// line breaks pdf-lib puts between tokens, non-stream objects packed into object streams deflated at
// level 9, and a PNG-predicted cross-reference stream. Why not pdf-lib's PDFStreamWriter: a stream's
// dictionary always sits uncompressed in the file, and pdf-lib writes `<<\n/Key value\n>>` with a space
// on each side of every array element; on a form document with 131 streams that is 17 KB of plain text
// (the AcroTeX quiz), about half of which is whitespace. Leaf values (names, strings, numbers) are written
// by pdf-lib's own serialisers, so escaping stays pdf-lib's.
import zlib from 'node:zlib';
import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFNull,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';

/** Characters after which (or before which) the next token needs no separating space (PDF 32000 7.2.2/7.2.3). */
const DELIMS = new Set('()<>[]{}/% \n\r\t\f\0'.split(''));

class Out {
  private parts: Buffer[] = [];
  // Pending text as pieces (indexing a long concatenated string would flatten it on every token).
  private pieces: string[] = [];
  private pending = 0;
  private last = '\n';
  length = 0;
  /** Appends a token, with a space only where two regular characters would otherwise touch. */
  token(t: string): void {
    if (!t) return;
    if (!DELIMS.has(this.last) && !DELIMS.has(t[0])) this.raw(' ');
    this.raw(t);
  }
  raw(t: string): void {
    if (!t) return;
    this.pieces.push(t);
    this.pending += t.length;
    this.last = t[t.length - 1];
    if (this.pieces.length > 4096) this.flush();
  }
  bytes(b: Uint8Array): void {
    this.flush();
    this.parts.push(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
    this.length += b.byteLength;
    this.last = '\n';
  }
  flush(): void {
    if (!this.pieces.length) return;
    const b = Buffer.from(this.pieces.join(''), 'latin1');
    this.parts.push(b);
    this.length += b.length;
    this.pieces = [];
    this.pending = 0;
  }
  get size(): number {
    return this.length + this.pending;
  }
  result(): Buffer {
    this.flush();
    return Buffer.concat(this.parts, this.length);
  }
}

type Renumber = (ref: PDFRef) => number | undefined;

function writeValue(out: Out, o: PDFObject | undefined, num: Renumber): void {
  if (o === undefined || o === PDFNull) return out.token('null');
  if (o instanceof PDFRef) {
    const n = num(o);
    // A reference to an object that does not exist is null (7.3.10): writing it so keeps the file valid.
    return out.token(n === undefined ? 'null' : `${n} 0 R`);
  }
  if (o instanceof PDFDict) {
    out.token('<<');
    for (const [k, v] of o.entries()) {
      if (v === PDFNull) continue; // a null value is the same as an absent key (7.3.7)
      out.token(k.asString());
      writeValue(out, v, num);
    }
    return out.token('>>');
  }
  if (o instanceof PDFArray) {
    out.token('[');
    for (let i = 0; i < o.size(); i++) writeValue(out, o.get(i), num);
    return out.token(']');
  }
  if (o instanceof PDFBool) return out.token(o.asBoolean() ? 'true' : 'false');
  if (o instanceof PDFInvalidObject) {
    const b = new Uint8Array(o.sizeInBytes());
    o.copyBytesInto(b, 0);
    return out.token(Buffer.from(b).toString('latin1'));
  }
  // PDFName, PDFNumber, PDFString, PDFHexString: pdf-lib's own serialisation.
  out.token(o.toString());
}

interface StreamParts {
  dict: PDFDict;
  contents: Uint8Array;
}

function streamParts(s: PDFStream): StreamParts {
  const withUpdate = s as PDFStream & { updateDict?: () => void };
  withUpdate.updateDict?.();
  const contents = s.getContents();
  const dict = s.dict.clone();
  dict.set(PDFName.of('Length'), s.dict.context.obj(contents.length));
  return { dict, contents };
}

/** PNG "Up" predictor rows (7.4.4.4) for the cross-reference stream: each column differs little row to row. */
function predictUp(rows: Uint8Array, width: number): Uint8Array {
  const n = rows.length / width;
  const out = new Uint8Array(n * (width + 1));
  for (let r = 0; r < n; r++) {
    out[r * (width + 1)] = 2;
    for (let c = 0; c < width; c++) {
      const cur = rows[r * width + c];
      const up = r ? rows[(r - 1) * width + c] : 0;
      out[r * (width + 1) + 1 + c] = (cur - up) & 0xff;
    }
  }
  return out;
}

const bytesFor = (max: number) => (max < 0x100 ? 1 : max < 0x10000 ? 2 : max < 0x1000000 ? 3 : 4);

export interface CompactWriteOptions {
  objectsPerStream: number;
  /** Objects are packed in this order (similar objects side by side deflate better); default: as numbered. */
  order?: (a: [PDFRef, PDFObject], b: [PDFRef, PDFObject]) => number;
}

export function writeCompact(doc: PDFDocument, opts: CompactWriteOptions): Uint8Array {
  const ctx = doc.context;
  let entries = ctx.enumerateIndirectObjects();
  if (opts.order) entries = [...entries].sort(opts.order);
  const numbers = new Map<string, number>();
  entries.forEach(([ref], i) => numbers.set(ref.toString(), i + 1));
  const num: Renumber = (ref) => numbers.get(ref.toString());

  const packed: [number, PDFObject][] = [];
  const top: [number, PDFObject][] = [];
  for (const [ref, obj] of entries) {
    const n = num(ref)!;
    if (obj instanceof PDFStream || obj instanceof PDFInvalidObject) top.push([n, obj]);
    else packed.push([n, obj]);
  }
  const total = entries.length;
  const objStreams = Math.ceil(packed.length / opts.objectsPerStream);
  const xrefNum = total + objStreams + 1;
  // xref rows: [type, field2, field3] per object number 0..xrefNum
  const rows: [number, number, number][] = new Array(xrefNum + 1);
  rows[0] = [0, 0, 0xffff];

  const file = new Out();
  file.raw('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const writeStream = (n: number, s: StreamParts) => {
    file.flush();
    rows[n] = [1, file.size, 0];
    file.raw(`${n} 0 obj\n`);
    writeValue(file, s.dict, num);
    file.raw('\nstream\n');
    file.bytes(s.contents);
    file.raw('\nendstream\nendobj\n');
  };
  for (const [n, obj] of top) {
    if (obj instanceof PDFStream) writeStream(n, streamParts(obj));
    else {
      file.flush();
      rows[n] = [1, file.size, 0];
      file.raw(`${n} 0 obj\n`);
      writeValue(file, obj, num);
      file.raw('\nendobj\n');
    }
  }
  for (let s = 0; s < objStreams; s++) {
    const chunk = packed.slice(s * opts.objectsPerStream, (s + 1) * opts.objectsPerStream);
    const streamNum = total + 1 + s;
    const body = new Out();
    const offsets: string[] = [];
    chunk.forEach(([n, obj], i) => {
      offsets.push(`${n} ${body.size}`);
      writeValue(body, obj, num);
      body.raw('\n');
      rows[n] = [2, streamNum, i];
    });
    const head = offsets.join(' ') + '\n';
    const data = zlib.deflateSync(Buffer.concat([Buffer.from(head, 'latin1'), body.result()]), {
      level: 9,
      memLevel: 9,
    });
    const dict = ctx.obj({ Type: 'ObjStm', N: chunk.length, First: head.length, Filter: 'FlateDecode' });
    dict.set(PDFName.of('Length'), ctx.obj(data.length));
    writeStream(streamNum, { dict, contents: data });
  }

  file.flush();
  const xrefOffset = file.size;
  rows[xrefNum] = [1, xrefOffset, 0];
  const w = [1, bytesFor(Math.max(...rows.map((r) => r[1]))), bytesFor(Math.max(...rows.map((r) => r[2])))];
  const width = w[0] + w[1] + w[2];
  const table = new Uint8Array(rows.length * width);
  rows.forEach((r, i) => {
    let p = i * width;
    for (let f = 0; f < 3; f++) for (let b = w[f] - 1; b >= 0; b--) table[p++] = (r[f] / 2 ** (8 * b)) & 0xff;
  });
  const xdata = zlib.deflateSync(predictUp(table, width), { level: 9, memLevel: 9 });
  const trailer = ctx.obj({
    Type: 'XRef',
    Size: xrefNum + 1,
    W: w,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 12, Columns: width },
  });
  const { Root, Info, ID } = ctx.trailerInfo;
  if (Root) trailer.set(PDFName.of('Root'), Root);
  if (Info) trailer.set(PDFName.of('Info'), Info);
  if (ID) trailer.set(PDFName.of('ID'), ID);
  trailer.set(PDFName.of('Length'), ctx.obj(xdata.length));
  file.raw(`${xrefNum} 0 obj\n`);
  writeValue(file, trailer, num);
  file.raw('\nstream\n');
  file.bytes(xdata);
  file.raw(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
  return new Uint8Array(file.result());
}
