// Guarded reader for Office Open XML packages (.docx/.pptx/.xlsx are ZIP files). It reads the ZIP central
// directory first and refuses anything hostile before a single part is inflated: too many entries, parts or
// totals over the limits, extreme compression ratios (zip bombs), duplicate or unsafe part names. Parts are
// inflated one at a time with a byte cap equal to their declared size (yauzl checks the lie both ways).
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { dtdGuard } from './dtd-guard';
import yauzl from 'yauzl';
import { AppError, displayName } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';

export interface PackageLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
}

const MiB = 1024 * 1024;

/** Defaults, each overridable by environment (lib/config.ts): OFFICE_MAX_ENTRIES, OFFICE_MAX_ENTRY_BYTES,
 * OFFICE_MAX_TOTAL_BYTES, OFFICE_MAX_RATIO. */
export const DEFAULT_LIMITS: PackageLimits = serverConfig().office;

/** Entries smaller than this are never refused for their ratio alone: small, repetitive XML compresses
 * far better than 200:1 and cannot hurt. The total is still capped. */
const RATIO_FLOOR = 1 * MiB;

export interface OfficePackage {
  readonly fileName: string;
  names(): string[];
  has(name: string): boolean;
  size(name: string): number;
  read(name: string): Promise<Buffer>;
  readXml(name: string): Promise<string>;
  close(): Promise<void>;
  /** The stored name of a part (case-insensitive lookup), or null. */
  resolve(name: string): string | null;
  /** A stream of one part's inflated bytes (capped at its declared size), for big parts. */
  stream(name: string): Promise<Readable>;
  /** The main part named by the package relationships ('word/document.xml'), or null. */
  readonly mainPart: string | null;
  /** The kind of the package, from its main part's content type, or null. */
  readonly kind: PackageKind | null;
}

export type PackageKind = 'docx' | 'pptx' | 'xlsx';

const KIND_NOUN: Record<PackageKind, string> = {
  docx: 'Word document',
  pptx: 'PowerPoint presentation',
  xlsx: 'Excel workbook',
};

/** Main-part content types per kind (documents, templates, macro-enabled variants). */
const MAIN_TYPES: Record<PackageKind, RegExp> = {
  docx: /^application\/vnd\.(openxmlformats-officedocument\.wordprocessingml\.(document|template)|ms-word\.(document|template)\.macroEnabled)(\.main)?\+xml$/i,
  pptx: /^application\/vnd\.(openxmlformats-officedocument\.presentationml\.(presentation|slideshow|template)|ms-powerpoint\.(presentation|slideshow|template)\.macroEnabled)(\.main)?\+xml$/i,
  xlsx: /^application\/vnd\.(openxmlformats-officedocument\.spreadsheetml\.(sheet|template)|ms-excel\.(sheet|template)\.macroEnabled)(\.main)?\+xml$/i,
};

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function kindFromName(name: string): PackageKind | undefined {
  const m = /\.(docx|docm|dotx|pptx|pptm|potx|ppsx|xlsx|xlsm)$/i.exec(name);
  if (!m) return undefined;
  const ext = m[1].toLowerCase();
  return ext.startsWith('d') ? 'docx' : ext.startsWith('p') ? 'pptx' : 'xlsx';
}

export function damagedError(fileName: string, kind?: PackageKind): AppError {
  const noun = kind ? KIND_NOUN[kind] : 'Office document';
  return new AppError('UNPROCESSABLE', `"${fileName}" is damaged or not a valid ${noun}.`);
}
export function encryptedError(fileName: string): AppError {
  return new AppError('UNPROCESSABLE', `"${fileName}" is password-protected. Remove the password and try again.`);
}
export function tooLargeError(fileName: string): AppError {
  return new AppError('UNPROCESSABLE', `"${fileName}" is too large or too complex to process safely.`);
}

async function readHead(filePath: string, n: number): Promise<Buffer> {
  const fh = await fs.promises.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Where the ZIP really ends when bytes follow its end record (PowerPoint and LibreOffice ignore such a
 * trailer, so real decks carry one), or null when there is no end record or nothing after it. */
async function zipEndBeforeTrailer(filePath: string): Promise<number | null> {
  const fh = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await fh.stat();
    const len = Math.min(size, 65_557 + 64);
    const tail = Buffer.alloc(len);
    await fh.read(tail, 0, len, size - len);
    for (let i = len - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) !== 0x06054b50) continue;
      const end = size - len + i + 22 + tail.readUInt16LE(i + 20);
      return end < size ? end : null;
    }
    return null;
  } finally {
    await fh.close();
  }
}

/** The file seen only up to `end`: yauzl reads ranges through it, so no trimmed copy is written. */
class RangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly filePath: string) {
    super();
  }

  _readStreamForRange(start: number, end: number): Readable {
    return fs.createReadStream(this.filePath, { start, end: end - 1 });
  }
}

async function openZip(filePath: string, options: yauzl.Options): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(filePath, options);
  } catch (err) {
    const end = await zipEndBeforeTrailer(filePath).catch(() => null);
    if (end === null) throw err;
    return yauzl.fromRandomAccessReaderPromise(new RangeReader(filePath), end, options);
  }
}

/** Reads every central-directory entry (after the count was checked), stopping at the first error. */
function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const out: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      out.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function streamToBuffer(stream: Readable, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let n = 0;
    stream.on('data', (c: Buffer) => {
      n += c.length;
      if (n > cap) {
        stream.destroy(new Error('entry larger than declared'));
        return;
      }
      chunks.push(c);
    });
    stream.once('end', () => resolve(Buffer.concat(chunks, n)));
    stream.once('error', reject);
  });
}

/** Decodes an XML part (UTF-8, or UTF-16 with a BOM) and refuses DTDs, which carry entity expansion. */
export function decodeXml(buf: Buffer, fileName: string, kind?: PackageKind): string {
  let text: string;
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) text = buf.subarray(2).toString('utf16le');
  else if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const sw = Buffer.from(buf.subarray(2));
    sw.swap16();
    text = sw.toString('utf16le');
  } else {
    text = buf.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  }
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(text)) throw damagedError(fileName, kind);
  return text;
}

export async function openPackage(
  filePath: string,
  name: string,
  expect?: PackageKind,
  limits: PackageLimits = DEFAULT_LIMITS,
): Promise<OfficePackage> {
  const fileName = displayName(name);
  const nounKind = expect ?? kindFromName(fileName);
  const damaged = () => damagedError(fileName, nounKind);

  const head = await readHead(filePath, 8);
  if (head.length === 8 && head.equals(OLE_MAGIC)) throw encryptedError(fileName);

  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(filePath, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: true,
      validateEntrySizes: true,
    });
  } catch {
    throw damaged();
  }
  const closeZip = () => {
    try {
      zip.close();
    } catch {
      /* already closed */
    }
  };

  const byLower = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > limits.maxEntries) throw tooLargeError(fileName);
    let entries: yauzl.Entry[];
    try {
      entries = await readEntries(zip);
    } catch {
      throw damaged();
    }
    let total = 0;
    for (const e of entries) {
      const lower = e.fileName.toLowerCase();
      if (byLower.has(lower)) throw damaged();
      if (e.isEncrypted()) throw encryptedError(fileName);
      if (e.compressionMethod !== 0 && e.compressionMethod !== 8) throw damaged();
      if (e.uncompressedSize > limits.maxEntryBytes) throw tooLargeError(fileName);
      total += e.uncompressedSize;
      if (total > limits.maxTotalBytes) throw tooLargeError(fileName);
      if (e.uncompressedSize > RATIO_FLOOR && e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)) {
        throw tooLargeError(fileName);
      }
      byLower.set(lower, e);
    }
  } catch (err) {
    closeZip();
    throw err;
  }

  const entryOf = (part: string): yauzl.Entry | undefined => byLower.get(part.replace(/^\//, '').toLowerCase());
  let closed = false;

  // Every part passes the DTD guard, copied as it is or parsed (see dtd-guard.ts): 422 naming the file.
  const stream = async (part: string): Promise<Readable> => {
    const e = entryOf(part);
    if (!e || closed) throw damaged();
    let raw: Readable;
    try {
      raw = await zip.openReadStreamPromise(e);
    } catch {
      throw damaged();
    }
    const guarded = raw.pipe(dtdGuard(damaged));
    raw.once('error', (err) => guarded.destroy(err));
    guarded.once('close', () => raw.destroy());
    return guarded;
  };

  const read = async (part: string): Promise<Buffer> => {
    const e = entryOf(part);
    if (!e) throw damaged();
    try {
      return await streamToBuffer(await stream(part), e.uncompressedSize);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw damaged();
    }
  };

  const readXml = async (part: string) => decodeXml(await read(part), fileName, nounKind);

  const pkg: OfficePackage = {
    fileName,
    names: () => [...byLower.values()].map((e) => e.fileName),
    has: (part) => entryOf(part) !== undefined,
    size: (part) => entryOf(part)?.uncompressedSize ?? 0,
    resolve: (part) => entryOf(part)?.fileName ?? null,
    read,
    readXml,
    stream,
    close: async () => {
      if (!closed) {
        closed = true;
        closeZip();
      }
    },
    mainPart: null,
    kind: null,
  };

  try {
    const { mainPart, kind } = await identify(pkg);
    Object.assign(pkg, { mainPart, kind });
    if (expect && kind !== expect) throw damaged();
  } catch (err) {
    await pkg.close();
    throw err instanceof AppError ? err : damaged();
  }
  return pkg;
}

const MAX_SMALL_XML = 4 * MiB;

/** Finds the main part through _rels/.rels (falling back to the content types) and its kind. */
async function identify(pkg: OfficePackage): Promise<{ mainPart: string | null; kind: PackageKind | null }> {
  const ct = '[Content_Types].xml';
  if (!pkg.has(ct) || pkg.size(ct) > MAX_SMALL_XML) return { mainPart: null, kind: null };
  const types = await pkg.readXml(ct);
  const overrides = new Map<string, string>();
  for (const m of types.matchAll(/<(?:\w+:)?Override\b([^>]*)>/g)) {
    const part = /PartName\s*=\s*["']([^"']*)["']/.exec(m[1])?.[1];
    const type = /ContentType\s*=\s*["']([^"']*)["']/.exec(m[1])?.[1];
    if (part && type) overrides.set(part.replace(/^\//, '').toLowerCase(), type);
  }
  const kindOf = (type: string | undefined): PackageKind | null => {
    if (!type) return null;
    for (const k of Object.keys(MAIN_TYPES) as PackageKind[]) if (MAIN_TYPES[k].test(type)) return k;
    return null;
  };

  let mainPart: string | null = null;
  const relsName = '_rels/.rels';
  if (pkg.has(relsName) && pkg.size(relsName) <= MAX_SMALL_XML) {
    const rels = await pkg.readXml(relsName);
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
      const type = /Type\s*=\s*["']([^"']*)["']/.exec(m[1])?.[1] ?? '';
      const target = /Target\s*=\s*["']([^"']*)["']/.exec(m[1])?.[1];
      if (target && /\/officeDocument$/.test(type) && !/TargetMode\s*=\s*["']External/i.test(m[1])) {
        mainPart = pkg.resolve(decodeURIComponent(target).replace(/^\//, ''));
        break;
      }
    }
  }
  if (mainPart) return { mainPart, kind: kindOf(overrides.get(mainPart.toLowerCase())) };
  // No usable package relationship: accept a single main part declared in the content types.
  for (const [part, type] of overrides) {
    const kind = kindOf(type);
    if (kind && pkg.has(part)) return { mainPart: pkg.resolve(part), kind };
  }
  return { mainPart: null, kind: null };
}

export async function sniffOfficeKind(filePath: string): Promise<PackageKind | null> {
  let pkg: OfficePackage | null = null;
  try {
    pkg = await openPackage(filePath, 'file');
    return pkg.kind;
  } catch {
    return null;
  } finally {
    await pkg?.close();
  }
}
