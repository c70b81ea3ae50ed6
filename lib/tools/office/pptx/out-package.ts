// The package being written: unique part names, relationships, content types, and the ZIP (yazl).
// Already-compressed media are stored, XML is deflated; big untouched parts stream from the source.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { extOf, relsPartOf, writeRels, escAttr, type Rel } from './opc';

export interface OutPart {
  name: string;
  type: string;
  data?: Buffer;
  /** For big parts copied as they are. */
  stream?: () => Promise<Readable>;
  size?: number;
  rels?: Rel[];
}

const STORED = new Set(['png', 'jpg', 'jpeg', 'gif', 'mp4', 'm4v', 'mov', 'mp3', 'm4a', 'wma', 'wmv', 'avi',
  'webm', 'ogg', 'zip', 'xlsx', 'xlsm', 'docx', 'pptx', 'wdp', 'jxr', 'odttf', 'fntdata']);

export class OutPackage {
  readonly parts = new Map<string, OutPart>();
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();

  /** The source name when it is free and plain, else a fresh name in the same folder and naming pattern:
   * 'ppt/media/image7.png'. */
  alloc(sourceName: string): string {
    if (/^[A-Za-z0-9_\-./]+\.[a-z0-9]+$/.test(sourceName) && !this.used.has(sourceName.toLowerCase())) {
      this.reserve(sourceName);
      return sourceName;
    }
    // Folder and stem keep the source's pattern, reduced to characters that need no escaping in a URI.
    const dir = path.posix.dirname(sourceName).split('/').map((d) => d.replace(/[^A-Za-z0-9_.-]/g, '_') || '_').join('/');
    const base = path.posix.basename(sourceName);
    const ext = extOf(base);
    const stem = (ext ? base.slice(0, -(ext.length + 1)) : base).replace(/\d+$/, '').replace(/[^A-Za-z0-9_-]/g, '_') || 'part';
    const prefix = `${dir === '.' ? '' : `${dir}/`}${stem}`;
    const key = `${prefix}.${ext}`.toLowerCase();
    let n = this.counters.get(key) ?? 0;
    let name: string;
    do {
      n += 1;
      name = `${prefix}${n}${ext ? `.${ext}` : ''}`;
    } while (this.used.has(name.toLowerCase()));
    this.counters.set(key, n);
    this.reserve(name);
    return name;
  }

  reserve(name: string): void {
    this.used.add(name.toLowerCase());
  }

  add(part: OutPart): void {
    this.reserve(part.name);
    this.parts.set(part.name, part);
  }

  contentTypes(): string {
    const defaults = new Map<string, string>([
      ['rels', 'application/vnd.openxmlformats-package.relationships+xml'],
      ['xml', 'application/xml'],
    ]);
    const overrides: [string, string][] = [];
    for (const p of this.parts.values()) {
      const ext = extOf(p.name);
      if (!ext || ext === 'xml' || ext === 'rels') {
        if (defaults.get(ext) !== p.type) overrides.push([p.name, p.type]);
      } else if (!defaults.has(ext)) defaults.set(ext, p.type);
      else if (defaults.get(ext) !== p.type) overrides.push([p.name, p.type]);
    }
    const d = [...defaults].map(([e, t]) => `<Default Extension="${escAttr(e)}" ContentType="${escAttr(t)}"/>`);
    const o = overrides.map(([n, t]) => `<Override PartName="/${escAttr(n)}" ContentType="${escAttr(t)}"/>`);
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${d.join('')}${o.join('')}</Types>`;
  }

  async write(file: string, packageRels: Rel[]): Promise<void> {
    const zip = new yazl.ZipFile();
    const mtime = new Date();
    const xml = (s: string) => Buffer.from(s, 'utf8');
    zip.addBuffer(xml(this.contentTypes()), '[Content_Types].xml', { mtime });
    zip.addBuffer(xml(writeRels('', packageRels)), '_rels/.rels', { mtime });
    for (const p of this.parts.values()) {
      const compress = !STORED.has(extOf(p.name));
      if (p.data) zip.addBuffer(p.data, p.name, { mtime, compress });
      else if (p.stream) {
        const open = p.stream;
        zip.addReadStreamLazy(p.name, { mtime, compress, size: p.size }, (cb) => {
          open().then((s) => {
            // yazl does not listen for a source stream's errors (a DTD, a damaged entry): fail the write.
            s.once('error', (e) => zip.emit('error', e));
            cb(null, s);
          }, (e: unknown) => cb(e, undefined as unknown as Readable));
        });
      }
      if (p.rels && p.rels.length > 0) zip.addBuffer(xml(writeRels(p.name, p.rels)), relsPartOf(p.name), { mtime });
    }
    zip.end();
    const zipError = new Promise<never>((_, reject) =>
      zip.once('error', (e: Error) => {
        (zip.outputStream as Readable).destroy(e);
        reject(e);
      }),
    );
    await Promise.race([pipeline(zip.outputStream as Readable, fs.createWriteStream(file)), zipError]);
  }
}
