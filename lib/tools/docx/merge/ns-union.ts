// Root namespace declarations of several parts merged into one root: union of xmlns declarations and of
// mc:Ignorable prefixes. A prefix bound to another URI in a later part is declared again on that part's
// top-level elements instead (returned by add()).
import { SaxesParser } from 'saxes';
import { NS, escAttr, localName } from '@/lib/office/xml';

export class NsUnion {
  private readonly decls = new Map<string, string>();
  private readonly ignorable: string[] = [];
  private readonly other: Array<[string, string]> = [];
  private first = true;

  add(attrs: Record<string, string>): string {
    let extra = '';
    const local = new Map<string, string>();
    for (const [k, v] of Object.entries(attrs)) if (k.startsWith('xmlns:')) local.set(k.slice(6), v);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) {
        const p = k === 'xmlns' ? '' : k.slice(6);
        const have = this.decls.get(p);
        if (have === undefined) this.decls.set(p, v);
        else if (have !== v) extra += ` ${k}="${escAttr(v)}"`;
      } else if (localName(k) === 'Ignorable' && local.get(k.split(':')[0]) === NS.mc) {
        for (const t of v.split(/\s+/)) if (t && !this.ignorable.includes(t)) this.ignorable.push(t);
      } else if (this.first) {
        this.other.push([k, v]);
      }
    }
    this.first = false;
    return extra;
  }

  ensure(prefix: string, uri: string): void {
    if (!this.decls.has(prefix)) this.decls.set(prefix, uri);
  }

  openTag(name: string): string {
    let s = `<${name}`;
    const ign = this.ignorable.filter((p) => this.decls.has(p));
    if (ign.length > 0) this.ensure('mc', NS.mc);
    for (const [p, u] of this.decls) s += ` ${p ? `xmlns:${p}` : 'xmlns'}="${escAttr(u)}"`;
    for (const [k, v] of this.other) s += ` ${k}="${escAttr(v)}"`;
    let mc = 'mc';
    for (const [p, u] of this.decls) if (u === NS.mc) mc = p;
    if (ign.length > 0) s += ` ${mc}:Ignorable="${ign.join(' ')}"`;
    return s + '>';
  }
}

/** The attributes of a part's root element, read without parsing the rest of the part. */
export function rootAttributes(xml: string): Record<string, string> {
  const parser = new SaxesParser();
  let found: Record<string, string> | null = null;
  const stop = new Error('found');
  parser.on('opentag', (n) => {
    found = { ...(n.attributes as Record<string, string>) };
    throw stop;
  });
  try {
    for (let i = 0; i < xml.length && !found; i += 8192) parser.write(xml.slice(i, i + 8192));
  } catch (e) {
    if (e !== stop) throw e;
  }
  return found ?? {};
}
