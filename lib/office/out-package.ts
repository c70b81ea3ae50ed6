// An Office package being written: parts (text, buffers, or parts streamed straight from a source package),
// their relationships, and content types declared only for the parts actually written.
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import type { OfficePackage } from './package-reader';
import { escAttr } from './xml';

export interface Rel { id: string; type: string; target: string; external: boolean }

export class RelSet {
  readonly rels: Rel[] = [];
  private readonly used = new Set<string>();
  private readonly byId = new Map<string, Rel>();
  private n = 0;

  add(type: string, target: string, external: boolean, wantId?: string): string {
    let id = wantId && !this.used.has(wantId) ? wantId : '';
    if (!id) {
      do { id = `rId${++this.n}`; } while (this.used.has(id));
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
    const dir = path.posix.dirname(owner);
    let s = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">';
    for (const r of this.rels) {
      const target = r.external ? r.target : encodeURI(owner === '' ? r.target : path.posix.relative(dir === '.' ? '' : dir, r.target));
      s += `<Relationship Id="${escAttr(r.id)}" Type="${escAttr(r.type)}" Target="${escAttr(target)}"${r.external ? ' TargetMode="External"' : ''}/>`;
    }
    return s + '</Relationships>';
  }
}

export interface OutPart {
  name: string;
  type: string;
  data?: string | Buffer;
  source?: { pkg: OfficePackage; name: string };
  rels?: RelSet;
}

/** Extensions stored without compression (already compressed). */
const STORED = /\.(jpe?g|png|gif|tiff?|wdp|hdp|mp3|mp4|m4a|m4v|mov|avi|wmv|wma|zip|docx|xlsx|pptx|docm|xlsm|pptm|odt|ods|odp|ttf|otf|odttf|woff2?)$/i;

export class OutPackage {
  readonly parts = new Map<string, OutPart>();
  readonly rootRels = new RelSet();
  private readonly counters = new Map<string, number>();

  has(name: string): boolean {
    return this.parts.has(name.toLowerCase());
  }

  /** `wanted` if free, otherwise the same folder and stem with the next free number (image1.png → image7.png). */
  freeName(wanted: string): string {
    if (!this.has(wanted)) return wanted;
    const dir = path.posix.dirname(wanted);
    const base = path.posix.basename(wanted);
    const m = /^(.*?)(\d*)((?:\.[^.]*)?)$/.exec(base)!;
    const key = `${dir}/${m[1]}|${m[3]}`.toLowerCase();
    let n = this.counters.get(key) ?? 1;
    let name: string;
    do { name = `${dir === '.' ? '' : dir + '/'}${m[1]}${++n}${m[3]}`; } while (this.has(name));
    this.counters.set(key, n);
    return name;
  }

  add(part: OutPart): OutPart {
    this.parts.set(part.name.toLowerCase(), part);
    return part;
  }

  get(name: string): OutPart | undefined {
    return this.parts.get(name.toLowerCase());
  }

  contentTypesXml(): string {
    const defaults = new Map<string, string>([
      ['rels', 'application/vnd.openxmlformats-package.relationships+xml'],
      ['xml', 'application/xml'],
    ]);
    const overrides: Array<[string, string]> = [];
    for (const p of this.parts.values()) {
      const ext = path.posix.extname(p.name).slice(1).toLowerCase();
      if (ext && !defaults.has(ext) && !/\+xml$/.test(p.type)) defaults.set(ext, p.type);
      if (!ext || defaults.get(ext) !== p.type) overrides.push([`/${p.name}`, p.type]);
    }
    let s = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">';
    for (const [e, t] of defaults) s += `<Default Extension="${escAttr(e)}" ContentType="${escAttr(t)}"/>`;
    for (const [n, t] of overrides) s += `<Override PartName="${escAttr(encodeURI(n))}" ContentType="${escAttr(t)}"/>`;
    return s + '</Types>';
  }

  async write(outPath: string): Promise<void> {
    const zip = new yazl.ZipFile();
    const mtime = new Date(Date.UTC(2020, 0, 1));
    const text = (s: string) => Buffer.from(s, 'utf8');
    zip.addBuffer(text(this.contentTypesXml()), '[Content_Types].xml', { mtime });
    zip.addBuffer(text(this.rootRels.toXml('')), '_rels/.rels', { mtime });
    for (const p of this.parts.values()) {
      const compress = !STORED.test(p.name);
      if (p.data !== undefined) {
        zip.addBuffer(typeof p.data === 'string' ? text(p.data) : p.data, p.name, { mtime, compress });
      } else if (p.source) {
        const { pkg, name } = p.source;
        zip.addReadStreamLazy(p.name, { mtime, compress }, (cb) => {
          pkg.stream(name).then((s) => {
            // yazl does not listen for a source stream's errors (a DTD, a damaged entry): fail the write.
            s.once('error', (e) => zip.emit('error', e));
            cb(null, s);
          }, (e: Error) => cb(e, undefined as never));
        });
      }
      if (p.rels && p.rels.rels.length > 0) {
        const dir = path.posix.dirname(p.name);
        const relName = `${dir === '.' ? '' : dir + '/'}_rels/${path.posix.basename(p.name)}.rels`;
        zip.addBuffer(text(p.rels.toXml(p.name)), relName, { mtime });
      }
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
