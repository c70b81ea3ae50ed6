// The Office package being written, for Word and PowerPoint alike: unique part names, relationships, content
// types declared only for the parts written, and the ZIP (yazl). Already-compressed media are stored, XML is
// deflated; big untouched parts stream straight from their source package.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { OfficePackage } from './package-reader';
import { extOf, relsPartOf, writeRels, type Rel } from './opc';
import { escAttr } from './xml';

export type { Rel };

/** Relationships of one part being written, with ids kept when free ('rId7') and fresh ones otherwise. */
export class RelSet {
  readonly rels: Rel[] = [];
  private readonly used = new Set<string>();
  private readonly byId = new Map<string, Rel>();
  private n = 0;

  add(type: string, target: string, external: boolean, wantId?: string): string {
    let id = wantId && !this.used.has(wantId) ? wantId : '';
    if (!id) {
      do {
        id = `rId${++this.n}`;
      } while (this.used.has(id));
    }
    this.used.add(id);
    const rel = { id, type, target, external };
    this.rels.push(rel);
    this.byId.set(id, rel);
    return id;
  }

  get(id: string): Rel | undefined {
    return this.byId.get(id);
  }

  /** Relationship part XML; internal targets are written relative to the owner part's folder. */
  toXml(owner: string): string {
    return writeRels(owner, this.rels);
  }
}

export interface OutPart {
  name: string;
  type: string;
  data?: string | Buffer;
  /** A part copied as it is from a source package, streamed when the ZIP is written. */
  source?: { pkg: OfficePackage; name: string };
  /** The same for callers that open the stream themselves; `size` is its exact length. */
  stream?: () => Promise<Readable>;
  size?: number;
  rels?: RelSet | Rel[];
}

/** Extensions stored without compression (already compressed). */
const STORED = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'tif',
  'tiff',
  'wdp',
  'hdp',
  'jxr',
  'mp3',
  'mp4',
  'm4a',
  'm4v',
  'mov',
  'avi',
  'wmv',
  'wma',
  'webm',
  'ogg',
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'docm',
  'xlsm',
  'pptm',
  'odt',
  'ods',
  'odp',
  'ttf',
  'otf',
  'odttf',
  'fntdata',
  'woff',
  'woff2',
]);

// Fixed entry times: the same inputs give the same bytes.
const MTIME = new Date(Date.UTC(2020, 0, 1));

export class OutPackage {
  /** Parts by lower-case name (OPC part names compare case-insensitively). */
  readonly parts = new Map<string, OutPart>();
  readonly rootRels = new RelSet();
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();

  has(name: string): boolean {
    return this.used.has(name.toLowerCase());
  }

  /** Word's naming: `wanted` if free, otherwise the same folder and stem with the next free number
   * (image1.png -> image7.png). */
  freeName(wanted: string): string {
    if (!this.has(wanted)) return wanted;
    const dir = path.posix.dirname(wanted);
    const base = path.posix.basename(wanted);
    const m = /^(.*?)(\d*)((?:\.[^.]*)?)$/.exec(base)!;
    const key = `${dir}/${m[1]}|${m[3]}`.toLowerCase();
    let n = this.counters.get(key) ?? 1;
    let name: string;
    do {
      name = `${dir === '.' ? '' : dir + '/'}${m[1]}${++n}${m[3]}`;
    } while (this.has(name));
    this.counters.set(key, n);
    return name;
  }

  /** PowerPoint's naming: the source name when it is free and plain, else a fresh name in the same folder and
   * naming pattern, reduced to characters that need no escaping in a URI ('ppt/media/image7.png'). Reserved. */
  alloc(sourceName: string): string {
    if (/^[A-Za-z0-9_\-./]+\.[a-z0-9]+$/.test(sourceName) && !this.has(sourceName)) {
      this.reserve(sourceName);
      return sourceName;
    }
    const dir = path.posix
      .dirname(sourceName)
      .split('/')
      .map((d) => d.replace(/[^A-Za-z0-9_.-]/g, '_') || '_')
      .join('/');
    const base = path.posix.basename(sourceName);
    const ext = extOf(base);
    const stem =
      (ext ? base.slice(0, -(ext.length + 1)) : base).replace(/\d+$/, '').replace(/[^A-Za-z0-9_-]/g, '_') || 'part';
    const prefix = `${dir === '.' ? '' : `${dir}/`}${stem}`;
    const key = `${prefix}.${ext}`.toLowerCase();
    let n = this.counters.get(key) ?? 0;
    let name: string;
    do {
      n += 1;
      name = `${prefix}${n}${ext ? `.${ext}` : ''}`;
    } while (this.has(name));
    this.counters.set(key, n);
    this.reserve(name);
    return name;
  }

  reserve(name: string): void {
    this.used.add(name.toLowerCase());
  }

  add(part: OutPart): OutPart {
    this.reserve(part.name);
    this.parts.set(part.name.toLowerCase(), part);
    return part;
  }

  /** Drops a part (and frees its name). */
  remove(name: string): void {
    this.parts.delete(name.toLowerCase());
    this.used.delete(name.toLowerCase());
  }

  get(name: string): OutPart | undefined {
    return this.parts.get(name.toLowerCase());
  }

  /** A Default per extension for non-XML types, an Override for every other part. */
  contentTypesXml(): string {
    const defaults = new Map<string, string>([
      ['rels', 'application/vnd.openxmlformats-package.relationships+xml'],
      ['xml', 'application/xml'],
    ]);
    const overrides: Array<[string, string]> = [];
    for (const p of this.parts.values()) {
      const ext = extOf(p.name);
      if (ext && !defaults.has(ext) && !/\+xml$/.test(p.type)) defaults.set(ext, p.type);
      if (!ext || defaults.get(ext) !== p.type) overrides.push([`/${p.name}`, p.type]);
    }
    let s =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">';
    for (const [e, t] of defaults) s += `<Default Extension="${escAttr(e)}" ContentType="${escAttr(t)}"/>`;
    for (const [n, t] of overrides) s += `<Override PartName="${escAttr(encodeURI(n))}" ContentType="${escAttr(t)}"/>`;
    return s + '</Types>';
  }

  /** Writes the ZIP. The package relationships are `rootRels`, or `packageRels` when given. */
  async write(outPath: string, packageRels?: Rel[]): Promise<void> {
    const zip = new yazl.ZipFile();
    const text = (s: string) => Buffer.from(s, 'utf8');
    zip.addBuffer(text(this.contentTypesXml()), '[Content_Types].xml', { mtime: MTIME });
    zip.addBuffer(text(packageRels ? writeRels('', packageRels) : this.rootRels.toXml('')), '_rels/.rels', {
      mtime: MTIME,
    });
    // yazl does not listen for a source stream's errors (a DTD, a damaged entry): they fail the write.
    const lazy = (open: () => Promise<Readable>) => (cb: (err: unknown, s: Readable) => void) => {
      open().then(
        (s) => {
          s.once('error', (e) => zip.emit('error', e));
          cb(null, s);
        },
        (e: unknown) => cb(e, undefined as unknown as Readable),
      );
    };
    for (const p of this.parts.values()) {
      const options = { mtime: MTIME, compress: !STORED.has(extOf(p.name)) };
      if (p.data !== undefined) zip.addBuffer(typeof p.data === 'string' ? text(p.data) : p.data, p.name, options);
      else if (p.source) {
        const { pkg, name } = p.source;
        zip.addReadStreamLazy(
          p.name,
          options,
          lazy(() => pkg.stream(name)),
        );
      } else if (p.stream) zip.addReadStreamLazy(p.name, { ...options, size: p.size }, lazy(p.stream));
      const rels = p.rels instanceof RelSet ? p.rels.rels : p.rels;
      if (rels && rels.length > 0) zip.addBuffer(text(writeRels(p.name, rels)), relsPartOf(p.name), { mtime: MTIME });
    }
    zip.end();
    await new Promise<void>((resolve, reject) => {
      const ws = fs.createWriteStream(outPath);
      const failed = (e: Error) => {
        ws.destroy();
        reject(e);
      };
      zip.on('error', failed);
      zip.outputStream.on('error', failed).pipe(ws).on('finish', resolve).on('error', failed);
    });
  }
}
