// Open Packaging Conventions helpers for Word and PowerPoint: part names, relationships and content types, read
// with saxes (a real XML parser). Part names here are stored names without a leading '/'.
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { XmlError, type XElement } from './xtree';
import { NS, escAttr } from './xml';

export { XmlError, parseXml, serializeXml, descendants, type XElement, type XDoc } from './xtree';

export { NS, escAttr };

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

export const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
/** Content types of the Word parts the merge writes. */
export const WORD_CT = {
  document: `${WML}.document.main+xml`,
  styles: `${WML}.styles+xml`,
  numbering: `${WML}.numbering+xml`,
  settings: `${WML}.settings+xml`,
  fontTable: `${WML}.fontTable+xml`,
  footnotes: `${WML}.footnotes+xml`,
  endnotes: `${WML}.endnotes+xml`,
  comments: `${WML}.comments+xml`,
  header: `${WML}.header+xml`,
  footer: `${WML}.footer+xml`,
};

/** Content types of the PowerPoint parts the merge treats specially, matched loosely (strict and transitional). */
export const PPTX_CT = {
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
export function scanElements(
  xml: string,
  names: ReadonlySet<string>,
): { name: string; attrs: Record<string, string> }[] {
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
  try {
    t = decodeURIComponent(t);
  } catch {
    /* keep as written */
  }
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

export function writeRels(fromPart: string, rels: Rel[]): string {
  const items = rels.map((r) => {
    // Internal targets are URIs: a part name with spaces or non-ASCII letters is percent-encoded.
    const target = r.external ? r.target : encodeURI(relativeTarget(fromPart, r.target));
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
