// Small XML helpers shared by the Office tools: escaping, namespace constants, and a streaming splitter
// that returns a part's root attributes and the raw text of each top-level child (saxes, no DOM).
import { SaxesParser } from 'saxes';

export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  wStrict: 'http://purl.oclc.org/ooxml/wordprocessingml/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  w14: 'http://schemas.microsoft.com/office/word/2010/wordml',
  wp14: 'http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  ct: 'http://schemas.openxmlformats.org/package/2006/content-types',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  p14: 'http://schemas.microsoft.com/office/powerpoint/2010/main',
} as const;

export function escText(s: string): string {
  if (!TEXT_SPECIAL.test(s)) return s;
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const ATTR_SPECIAL = /[&<>"\t\n\r]/;
const TEXT_SPECIAL = /[&<>]/;

export function escAttr(s: string): string {
  if (!ATTR_SPECIAL.test(s)) return s;
  return s.replace(/[&<>"\t\n\r]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : `&#${c.charCodeAt(0)};`,
  );
}

export function attrsToString(attrs: Iterable<[string, string]>): string {
  let s = '';
  for (const [k, v] of attrs) s += ` ${k}="${escAttr(v)}"`;
  return s;
}

export interface XmlChild {
  /** Qualified name as written ('w:style'). */
  name: string;
  attrs: Record<string, string>;
  /** The child's exact source text. */
  raw: string;
}

export interface SplitXml {
  rootName: string;
  rootAttrs: Record<string, string>;
  children: XmlChild[];
}

/** Parses a part once and slices out each top-level child element as written (comments/text dropped). */
export function splitTopLevel(xml: string): SplitXml {
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  let rootName = '';
  let rootAttrs: Record<string, string> = {};
  const children: XmlChild[] = [];
  let start = -1;
  let cur: { name: string; attrs: Record<string, string> } | null = null;
  parser.on('doctype', () => {
    throw new Error('DOCTYPE not allowed');
  });
  parser.on('opentag', (node) => {
    if (depth === 0) {
      rootName = node.name;
      rootAttrs = node.attributes as Record<string, string>;
    } else if (depth === 1) {
      start = xml.lastIndexOf('<', parser.position - 1);
      cur = { name: node.name, attrs: node.attributes as Record<string, string> };
    }
    depth++;
  });
  parser.on('closetag', () => {
    depth--;
    if (depth === 1 && cur) {
      children.push({ ...cur, raw: xml.slice(start, parser.position) });
      cur = null;
    }
  });
  parser.write(xml).close();
  return { rootName, rootAttrs, children };
}

/** Namespace declarations (xmlns / xmlns:p) among attributes, as prefix → uri ('' for the default). */
export function nsDecls(attrs: Record<string, string>): Map<string, string> {
  const m = new Map<string, string>();
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'xmlns') m.set('', v);
    else if (k.startsWith('xmlns:')) m.set(k.slice(6), v);
  }
  return m;
}

export function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

export function prefixOf(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? '' : qname.slice(0, i);
}
