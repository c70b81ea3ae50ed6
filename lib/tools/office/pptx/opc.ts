// Open Packaging Conventions helpers: part names, relationships and content types, parsed with a real XML
// library (@xmldom/xmldom). Part names here are stored names without a leading '/'.
import path from 'node:path';
import { DOMParser, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';

export const NS = {
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  ct: 'http://schemas.openxmlformats.org/package/2006/content-types',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  p14: 'http://schemas.microsoft.com/office/powerpoint/2010/main',
} as const;

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
export const REL = {
  officeDocument: `${R}officeDocument`,
  slide: `${R}slide`,
  slideLayout: `${R}slideLayout`,
  slideMaster: `${R}slideMaster`,
  notesSlide: `${R}notesSlide`,
  notesMaster: `${R}notesMaster`,
  handoutMaster: `${R}handoutMaster`,
  theme: `${R}theme`,
  presProps: `${R}presProps`,
  viewProps: `${R}viewProps`,
  tableStyles: `${R}tableStyles`,
  commentAuthors: `${R}commentAuthors`,
  comments: `${R}comments`,
  coreProps: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  appProps: `${R}extended-properties`,
  customProps: `${R}custom-properties`,
  thumbnail: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail',
  modernAuthors: 'http://schemas.microsoft.com/office/2018/10/relationships/authors',
  vbaProject: 'http://schemas.microsoft.com/office/2006/relationships/vbaProject',
} as const;

/** Content types of the parts the merge treats specially, matched loosely (strict and transitional). */
export const CT = {
  presentation: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  slide: /presentationml\.slide\+xml$/,
  layout: /presentationml\.slideLayout\+xml$/,
  master: /presentationml\.slideMaster\+xml$/,
  notes: /presentationml\.notesSlide\+xml$/,
  notesMaster: /presentationml\.notesMaster\+xml$/,
  handoutMaster: /presentationml\.handoutMaster\+xml$/,
  comments: /presentationml\.comments\+xml$/,
  modernComments: /ms-powerpoint\.comments\+xml$/,
  chart: /(drawingml\.chart\+xml|ms-office\.chartex\+xml)$/,
  diagramDrawing: /ms-office\.drawingml\.diagramDrawing\+xml$/,
} as const;

export interface Rel {
  id: string;
  type: string;
  /** Target as written (external) or resolved part name (internal). */
  target: string;
  external: boolean;
}

/** Thrown for malformed XML; callers turn it into the visitor's "damaged file" error. */
export class XmlError extends Error {}

export function parseXml(text: string): Document {
  const parser = new DOMParser({
    onError: (level: string, msg: string) => {
      if (level !== 'warning') throw new XmlError(msg);
    },
  });
  return parser.parseFromString(text, 'application/xml');
}

export function serializeXml(doc: Document): string {
  let s = new XMLSerializer().serializeToString(doc);
  if (!s.startsWith('<?xml')) s = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`;
  return s;
}

export function elementChildren(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

export function firstChild(el: Element, localName: string): Element | undefined {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === localName) return n as Element;
  }
  return undefined;
}

export function descendants(el: Element, localName: string): Element[] {
  return Array.from(el.getElementsByTagNameNS('*', localName));
}

/** '_rels' part of a part: 'ppt/slides/slide1.xml' -> 'ppt/slides/_rels/slide1.xml.rels'; '' -> '_rels/.rels'. */
export function relsPartOf(part: string): string {
  const dir = path.posix.dirname(part);
  const base = path.posix.basename(part);
  return part === '' ? '_rels/.rels' : `${dir === '.' ? '' : `${dir}/`}_rels/${base}.rels`;
}

/** Resolves an internal target against the part that holds the relationship; null when it escapes the package. */
export function resolveTarget(fromPart: string, target: string): string | null {
  let t = target.split('#')[0];
  if (!t) return null;
  try { t = decodeURIComponent(t); } catch { /* keep as written */ }
  t = t.replace(/\\/g, '/');
  const base = t.startsWith('/') ? t : path.posix.join(path.posix.dirname(fromPart), t);
  const norm = path.posix.normalize(base).replace(/^\/+/, '');
  if (norm.startsWith('..') || norm === '.' || norm === '') return null;
  return norm;
}

/** Relative target from one part to another, as PowerPoint writes it. */
export function relativeTarget(fromPart: string, toPart: string): string {
  if (fromPart === '') return toPart;
  return path.posix.relative(path.posix.dirname(fromPart), toPart);
}

export function parseRels(xml: string, fromPart: string): Rel[] {
  const doc = parseXml(xml);
  const out: Rel[] = [];
  for (const el of descendants(doc.documentElement as unknown as Element, 'Relationship')) {
    const id = el.getAttribute('Id');
    const type = el.getAttribute('Type');
    const target = el.getAttribute('Target');
    if (!id || !type || target === null) continue;
    const external = (el.getAttribute('TargetMode') ?? '').toLowerCase() === 'external';
    if (external) out.push({ id, type, target, external });
    else {
      const resolved = resolveTarget(fromPart, target);
      if (resolved) out.push({ id, type, target: resolved, external });
    }
  }
  return out;
}

const escAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export { escAttr };

export function writeRels(fromPart: string, rels: Rel[]): string {
  const items = rels.map((r) => {
    const target = r.external ? r.target : relativeTarget(fromPart, r.target);
    const mode = r.external ? ' TargetMode="External"' : '';
    return `<Relationship Id="${escAttr(r.id)}" Type="${escAttr(r.type)}" Target="${escAttr(target)}"${mode}/>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.rels}">${items.join('')}</Relationships>`;
}

export class ContentTypes {
  readonly defaults = new Map<string, string>();
  readonly overrides = new Map<string, string>();

  static parse(xml: string): ContentTypes {
    const ct = new ContentTypes();
    const root = parseXml(xml).documentElement as unknown as Element;
    for (const el of elementChildren(root)) {
      const type = el.getAttribute('ContentType');
      if (!type) continue;
      if (el.localName === 'Default') {
        const ext = el.getAttribute('Extension');
        if (ext && !ct.defaults.has(ext.toLowerCase())) ct.defaults.set(ext.toLowerCase(), type);
      } else if (el.localName === 'Override') {
        const name = el.getAttribute('PartName');
        if (name) ct.overrides.set(name.replace(/^\/+/, '').toLowerCase(), type);
      }
    }
    return ct;
  }

  typeOf(part: string): string | undefined {
    return this.overrides.get(part.toLowerCase()) ?? this.defaults.get(extOf(part));
  }
}

export function extOf(part: string): string {
  const base = path.posix.basename(part);
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i + 1).toLowerCase() : '';
}
