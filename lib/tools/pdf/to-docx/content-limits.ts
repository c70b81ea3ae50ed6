// Before pdf.js sees a file: the decoded size of every page's content streams (and the form XObjects
// they draw) is measured with capped decoders, so a 1 MB Flate "content bomb" that would inflate to
// gigabytes inside pdf.js (which has no cap of its own) is refused up front.
import zlib from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';

export const CONTENT_LIMITS = {
  /** Decoded content of one page, its forms included. */
  pageBytes: 64 * 1024 * 1024,
  /** Decoded content of all pages of a job. */
  jobBytes: 512 * 1024 * 1024,
};

export class ContentLimitError extends Error {
  constructor(
    readonly page: number,
    readonly scope: 'page' | 'job',
  ) {
    super(`decoded content over the ${scope} limit at page ${page}`);
    this.name = 'ContentLimitError';
  }
}

const ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  A85: 'ASCII85Decode',
  AHx: 'ASCIIHexDecode',
};

function filterNames(dict: PDFDict): string[] {
  const f = dict.lookup(PDFName.of('Filter'));
  if (f instanceof PDFName) return [f.decodeText()];
  if (f instanceof PDFArray) return f.asArray().map((n) => (n instanceof PDFName ? n.decodeText() : '?'));
  return [];
}

/** Decoded length of a stream, or `max + 1` as soon as it would exceed `max`. Never holds more than that. */
export function cappedDecodedLength(stream: PDFRawStream, max: number): number {
  const names = filterNames(stream.dict).map((n) => ALIASES[n] ?? n);
  let data: Uint8Array = stream.contents;
  for (const name of names) {
    if (name === 'FlateDecode') {
      try {
        data = zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: max + 1 });
      } catch (e) {
        if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return max + 1;
        return data.length; // broken data: pdf.js decodes what it can, which is no more than this
      }
    } else if (
      name === 'LZWDecode' ||
      name === 'RunLengthDecode' ||
      name === 'ASCII85Decode' ||
      name === 'ASCIIHexDecode'
    ) {
      // pdf-lib's decoders are pull streams: asking for max + 1 bytes decodes no further (one block).
      const fake = PDFRawStream.of(PDFDict.withContext(stream.dict.context), data);
      fake.dict.set(PDFName.of('Filter'), PDFName.of(name));
      try {
        const got = decodePDFRawStream(fake).getBytes(max + 1);
        data = new Uint8Array(got.buffer, got.byteOffset, got.length);
      } catch {
        return data.length;
      }
    } else {
      return data.length; // not a content filter: pdf.js will not expand it either
    }
    if (data.length > max) return max + 1;
  }
  return data.length;
}

function streamsOf(obj: PDFObject | undefined, doc: PDFDocument): PDFRawStream[] {
  const v = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (v instanceof PDFRawStream) return [v];
  if (v instanceof PDFArray) return v.asArray().flatMap((o) => streamsOf(o, doc));
  return [];
}

/** Form XObjects reachable from a resource dictionary (depth-bounded, each counted once per page). */
function forms(res: PDFObject | undefined, doc: PDFDocument, seen: Set<PDFRawStream>, depth: number): PDFRawStream[] {
  if (depth > 8) return [];
  const r = res instanceof PDFRef ? doc.context.lookup(res) : res;
  if (!(r instanceof PDFDict)) return [];
  const xo = r.lookup(PDFName.of('XObject'));
  if (!(xo instanceof PDFDict)) return [];
  const out: PDFRawStream[] = [];
  for (const [, ref] of xo.entries()) {
    const s = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
    if (!(s instanceof PDFRawStream) || seen.has(s)) continue;
    if (s.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
    seen.add(s);
    out.push(s, ...forms(s.dict.get(PDFName.of('Resources')), doc, seen, depth + 1));
  }
  return out;
}

/** Throws ContentLimitError when a page's decoded content (or the file's) is over the limits. Files pdf-lib
 * cannot read (or encrypted ones, whose streams it cannot decode) are left to pdf.js and the RSS guard. */
export async function checkContentSize(bytes: Uint8Array, maxPages: number, limits = CONTENT_LIMITS): Promise<void> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return;
  }
  if (doc.isEncrypted) return;
  let pages;
  try {
    pages = doc.getPages();
  } catch {
    return;
  }
  let total = 0;
  for (let i = 0; i < Math.min(pages.length, maxPages); i++) {
    const node = pages[i].node;
    const seen = new Set<PDFRawStream>();
    let pageTotal = 0;
    const streams = [
      ...streamsOf(node.get(PDFName.of('Contents')), doc),
      ...forms(node.get(PDFName.of('Resources')), doc, seen, 0),
    ];
    for (const s of streams) {
      pageTotal += cappedDecodedLength(s, limits.pageBytes - pageTotal);
      if (pageTotal > limits.pageBytes) throw new ContentLimitError(i + 1, 'page');
    }
    total += pageTotal;
    if (total > limits.jobBytes) throw new ContentLimitError(i + 1, 'job');
  }
}
