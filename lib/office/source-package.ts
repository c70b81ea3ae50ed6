// A source Office package prepared for copying parts out of it: content types, every relationship part
// parsed (targets resolved to part names), and the text of the XML parts the caller rewrites.
import crypto from 'node:crypto';
import path from 'node:path';
import type { OfficePackage } from './package-reader';
import { splitTopLevel } from './xml';
import { resolveTarget, type Rel } from './opc';

export class SourcePackage {
  readonly defaults = new Map<string, string>();
  readonly overrides = new Map<string, string>();
  private readonly relsByPart = new Map<string, Rel[]>();
  private readonly texts = new Map<string, string>();
  private readonly hashes = new Map<string, string>();

  private constructor(readonly pkg: OfficePackage) {}

  static async load(pkg: OfficePackage): Promise<SourcePackage> {
    const src = new SourcePackage(pkg);
    const ct = splitTopLevel(await pkg.readXml('[Content_Types].xml'));
    for (const c of ct.children) {
      const local = c.name.replace(/^.*:/, '');
      if (local === 'Default' && c.attrs.Extension)
        src.defaults.set(c.attrs.Extension.toLowerCase(), c.attrs.ContentType ?? '');
      if (local === 'Override' && c.attrs.PartName)
        src.overrides.set(c.attrs.PartName.replace(/^\//, '').toLowerCase(), c.attrs.ContentType ?? '');
    }
    for (const name of pkg.names()) {
      const m = /^(.*?)_rels\/([^/]*)\.rels$/i.exec(name);
      if (!m) continue;
      const owner = `${m[1]}${m[2]}`;
      const rels: Rel[] = [];
      for (const c of splitTopLevel(await pkg.readXml(name)).children) {
        const { Id: id, Type: type = '', Target: target = '', TargetMode: mode } = c.attrs;
        if (!id) continue;
        const external = /^external$/i.test(mode ?? '');
        // A target escaping the package stays as written: it names no part, so it counts as missing.
        rels.push({ id, type, external, target: external ? target : (resolveTarget(owner, target) ?? target) });
      }
      src.relsByPart.set(owner.toLowerCase(), rels);
    }
    return src;
  }

  contentType(name: string): string {
    const o = this.overrides.get(name.toLowerCase());
    if (o) return o;
    return this.defaults.get(path.posix.extname(name).slice(1).toLowerCase()) ?? 'application/octet-stream';
  }

  private readonly relIndex = new Map<string, Map<string, Rel>>();

  /** One relationship of a part by id. */
  rel(part: string, id: string): Rel | undefined {
    const key = part.toLowerCase();
    let idx = this.relIndex.get(key);
    if (!idx) {
      idx = new Map(this.rels(part).map((r) => [r.id, r]));
      this.relIndex.set(key, idx);
    }
    return idx.get(id);
  }

  rels(part: string): Rel[] {
    return this.relsByPart.get(part.toLowerCase()) ?? [];
  }

  hasRels(part: string): boolean {
    return (this.relsByPart.get(part.toLowerCase())?.length ?? 0) > 0;
  }

  /** Stored part name for a resolved target, or null when the package lacks it. */
  resolve(name: string): string | null {
    return this.pkg.resolve(name);
  }

  /** Loads the text of parts the merge rewrites (call before the synchronous rewriting starts). */
  async loadText(name: string): Promise<void> {
    const stored = this.pkg.resolve(name);
    if (stored && !this.texts.has(stored.toLowerCase()))
      this.texts.set(stored.toLowerCase(), await this.pkg.readXml(stored));
  }

  text(name: string): string | undefined {
    return this.texts.get(name.toLowerCase());
  }

  dropText(name: string): void {
    this.texts.delete(name.toLowerCase());
  }

  /** SHA-256 of a part, streamed (for de-duplicating media). */
  async loadHash(name: string): Promise<void> {
    const stored = this.pkg.resolve(name);
    if (!stored || this.hashes.has(stored.toLowerCase())) return;
    const h = crypto.createHash('sha256');
    const s = await this.pkg.stream(stored);
    for await (const chunk of s) h.update(chunk as Buffer);
    this.hashes.set(stored.toLowerCase(), h.digest('hex'));
  }

  hash(name: string): string | undefined {
    return this.hashes.get(name.toLowerCase());
  }
}
