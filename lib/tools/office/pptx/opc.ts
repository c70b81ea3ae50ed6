// Open Packaging Conventions helpers: part names, relationships and content types, read with saxes (a real
// XML parser). Part names here are stored names without a leading '/'.
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { XmlError, type XElement } from './xtree';

export { XmlError, parseXml, serializeXml, descendants, type XElement, type XDoc } from './xtree';

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

export function elementChildren(el: XElement): XElement[] {
  return el.elements();
}

export function firstChild(el: XElement, localName: string): XElement | undefined {
  return el.first(localName);
}

/** The attributes of every element with one of these local names (a fast, flat read with saxes). */
export function scanElements(xml: string, names: ReadonlySet<string>): { name: string; attrs: Record<string, string> }[] {
  const out: { name: string; attrs: Record<string, string> }[] = [];
  const parser = new SaxesParser();
  parser.on('opentag', (t) => {
    const local = t.name.slice(t.name.indexOf(':') + 1);
    if (names.has(local)) out.push({ name: local, attrs: t.attributes as Record<string, string> });
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    throw new XmlError((e as Error).message);
  }
  return out;
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

const RELATIONSHIP = new Set(['Relationship']);

export function parseRels(xml: string, fromPart: string): Rel[] {
  const out: Rel[] = [];
  for (const { attrs } of scanElements(xml, RELATIONSHIP)) {
    const { Id: id, Type: type, Target: target } = attrs;
    if (!id || !type || target === undefined) continue;
    const external = (attrs.TargetMode ?? '').toLowerCase() === 'external';
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

const TYPE_ENTRIES = new Set(['Default', 'Override']);

export class ContentTypes {
  readonly defaults = new Map<string, string>();
  readonly overrides = new Map<string, string>();

  static parse(xml: string): ContentTypes {
    const ct = new ContentTypes();
    for (const { name: kind, attrs } of scanElements(xml, TYPE_ENTRIES)) {
      const type = attrs.ContentType;
      if (!type) continue;
      if (kind === 'Default') {
        const ext = attrs.Extension;
        if (ext && !ct.defaults.has(ext.toLowerCase())) ct.defaults.set(ext.toLowerCase(), type);
      } else {
        const name = attrs.PartName;
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
