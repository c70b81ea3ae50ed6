// Style tables read in one streaming pass (styles.xml can be several MB): each style's id, type, name,
// basedOn/next/link, whether it carries numbering, and its exact source text for copying.
import { SaxesParser } from 'saxes';
import { localName, nsDecls } from '@/lib/office/xml';

export interface StyleInfo {
  id: string;
  type: string;
  name: string;
  isDefault: boolean;
  basedOn?: string;
  next?: string;
  link?: string;
  hasNumPr: boolean;
  raw: string;
}

export interface StyleTable {
  rootName: string;
  rootAttrs: Record<string, string>;
  scope: Map<string, string>;
  /** docDefaults, latentStyles and anything else that is not a style, as written. */
  others: string[];
  styles: StyleInfo[];
  byId: Map<string, StyleInfo>;
}

export function parseStyles(xml: string): StyleTable {
  const parser = new SaxesParser({ position: true });
  const t: StyleTable = { rootName: '', rootAttrs: {}, scope: new Map(), others: [], styles: [], byId: new Map() };
  let depth = 0;
  let start = -1;
  let cur: StyleInfo | null = null;
  let isStyle = false;
  parser.on('doctype', () => { throw new Error('DOCTYPE not allowed'); });
  parser.on('opentag', (node) => {
    const a = node.attributes as Record<string, string>;
    const val = () => Object.entries(a).find(([k]) => localName(k) === 'val')?.[1];
    if (depth === 0) {
      t.rootName = node.name;
      t.rootAttrs = { ...a };
      t.scope = nsDecls(a);
    } else if (depth === 1) {
      start = xml.lastIndexOf('<', parser.position - 1);
      isStyle = localName(node.name) === 'style';
      if (isStyle) {
        const get = (l: string) => Object.entries(a).find(([k]) => localName(k) === l)?.[1];
        const d = get('default');
        cur = { id: get('styleId') ?? '', type: get('type') ?? 'paragraph', name: '', isDefault: d === '1' || d === 'true' || d === 'on', hasNumPr: false, raw: '' };
      }
    } else if (cur) {
      const l = localName(node.name);
      if (depth === 2 && l === 'name') cur.name = val() ?? '';
      else if (depth === 2 && (l === 'basedOn' || l === 'next' || l === 'link')) cur[l] = val();
      else if (l === 'numPr') cur.hasNumPr = true;
    }
    depth++;
  });
  parser.on('closetag', () => {
    depth--;
    if (depth === 1) {
      const raw = xml.slice(start, parser.position);
      if (isStyle && cur) {
        cur.raw = raw;
        if (!cur.name) cur.name = cur.id;
        t.styles.push(cur);
        if (!t.byId.has(cur.id)) t.byId.set(cur.id, cur);
      } else {
        t.others.push(raw);
      }
      cur = null;
    }
  });
  parser.write(xml).close();
  return t;
}

/** A comparable form of a style's definition: no id, no rsids, references by name, no whitespace. */
export function canonicalStyle(s: StyleInfo, table: Map<string, StyleInfo>): string {
  return s.raw
    .replace(/\s[\w.-]+:styleId="[^"]*"/, '')
    .replace(/<[\w.-]+:rsid\b[^>]*\/>/g, '')
    .replace(/\s[\w.-]+:(rsid\w*|paraId|textId)="[^"]*"/g, '')
    .replace(/(<[\w.-]+:(?:basedOn|next|link)\b[^>]*?[\w.-]+:val=")([^"]*)(")/g, (_m, a: string, v: string, b: string) => a + (table.get(v)?.name ?? v) + b)
    .replace(/>\s+</g, '><')
    .replace(/<([\w.-]+):/g, '<').replace(/<\/([\w.-]+):/g, '</').replace(/\s[\w.-]+:(\w+)=/g, ' $1=');
}
