// Style tables read in one streaming pass (styles.xml can be several MB): each style's id, type, name,
// basedOn/next/link, whether it carries numbering, and its exact source text for copying.
import { SaxesParser } from 'saxes';
import { localName, nsDecls, prefixOf, splitTopLevel, attrsToString } from '@/lib/office/xml';

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
  /** The w:docDefaults element as written, if any. */
  docDefaults?: string;
}

export function parseStyles(xml: string): StyleTable {
  const parser = new SaxesParser({ position: true });
  const t: StyleTable = { rootName: '', rootAttrs: {}, scope: new Map(), others: [], styles: [], byId: new Map() };
  let depth = 0;
  let start = -1;
  let cur: StyleInfo | null = null;
  let isStyle = false;
  parser.on('doctype', () => {
    throw new Error('DOCTYPE not allowed');
  });
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
        cur = {
          id: get('styleId') ?? '',
          type: get('type') ?? 'paragraph',
          name: '',
          isDefault: d === '1' || d === 'true' || d === 'on',
          hasNumPr: false,
          raw: '',
        };
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
        if (localName(raw.slice(1, raw.search(/[\s/>]/))) === 'docDefaults') t.docDefaults = raw;
      }
      cur = null;
    }
  });
  parser.write(xml).close();
  return t;
}

/** A comparable form of a style's definition: no id, no rsids, references by name, no whitespace. */
const canonCache = new WeakMap<StyleInfo, string>();

export function canonicalStyle(s: StyleInfo, table: Map<string, StyleInfo>): string {
  let c = canonCache.get(s);
  if (c === undefined) {
    c = canonical(s, table);
    canonCache.set(s, c);
  }
  return c;
}

function canonical(s: StyleInfo, table: Map<string, StyleInfo>): string {
  return s.raw
    .replace(/\s[\w.-]+:styleId="[^"]*"/, '')
    .replace(/<[\w.-]+:rsid\b[^>]*\/>/g, '')
    .replace(/\s[\w.-]+:(rsid\w*|paraId|textId)="[^"]*"/g, '')
    .replace(
      /(<[\w.-]+:(?:basedOn|next|link)\b[^>]*?[\w.-]+:val=")([^"]*)(")/g,
      (_m, a: string, v: string, b: string) => a + (table.get(v)?.name ?? v) + b,
    )
    .replace(/>\s+</g, '><')
    .replace(/<([\w.-]+):/g, '<')
    .replace(/<\/([\w.-]+):/g, '</')
    .replace(/\s[\w.-]+:(\w+)=/g, ' $1=');
}

const norm = (x: string) =>
  x
    .replace(/>\s+</g, '><')
    .replace(/<(\/?)[\w.-]+:/g, '<$1')
    .replace(/\s[\w.-]+:(\w+)=/g, ' $1=');

/** docDefaults in a comparable form ('' when absent). */
export function canonicalDefaults(t: StyleTable | null): string {
  return t?.docDefaults
    ? norm(t.docDefaults).replace(
        /<pPrDefault\/>|<rPrDefault\/>|<pPrDefault><pPr\/><\/pPrDefault>|<rPrDefault><rPr\/><\/rPrDefault>/g,
        '',
      )
    : '';
}

// Schema order of the property containers (CT_PPr, CT_RPr) and of a style's children, so merged property
// lists stay valid for Word.
const PPR_ORDER = [
  'pStyle',
  'keepNext',
  'keepLines',
  'pageBreakBefore',
  'framePr',
  'widowControl',
  'numPr',
  'suppressLineNumbers',
  'pBdr',
  'shd',
  'tabs',
  'suppressAutoHyphens',
  'kinsoku',
  'wordWrap',
  'overflowPunct',
  'topLinePunct',
  'autoSpaceDE',
  'autoSpaceDN',
  'bidi',
  'adjustRightInd',
  'snapToGrid',
  'spacing',
  'ind',
  'contextualSpacing',
  'mirrorIndents',
  'suppressOverlap',
  'jc',
  'textDirection',
  'textAlignment',
  'textboxTightWrap',
  'outlineLvl',
  'divId',
  'cnfStyle',
  'rPr',
  'sectPr',
  'pPrChange',
];
const RPR_ORDER = [
  'rStyle',
  'rFonts',
  'b',
  'bCs',
  'i',
  'iCs',
  'caps',
  'smallCaps',
  'strike',
  'dstrike',
  'outline',
  'shadow',
  'emboss',
  'imprint',
  'noProof',
  'snapToGrid',
  'vanish',
  'webHidden',
  'color',
  'spacing',
  'w',
  'kern',
  'position',
  'sz',
  'szCs',
  'highlight',
  'u',
  'effect',
  'bdr',
  'shd',
  'fitText',
  'vertAlign',
  'rtl',
  'cs',
  'em',
  'lang',
  'eastAsianLayout',
  'specVanish',
  'oMath',
];
const STYLE_ORDER = [
  'name',
  'aliases',
  'basedOn',
  'next',
  'link',
  'autoRedefine',
  'hidden',
  'uiPriority',
  'semiHidden',
  'unhideWhenUsed',
  'qFormat',
  'locked',
  'personal',
  'personalCompose',
  'personalReply',
  'rsid',
  'pPr',
  'rPr',
  'tblPr',
  'trPr',
  'tcPr',
  'tblStylePr',
];

const RESETS: Record<string, (q: (l: string) => string) => string> = {
  spacing: (q) => `<${q('spacing')} ${q('before')}="0" ${q('after')}="0" ${q('line')}="240" ${q('lineRule')}="auto"/>`,
  ind: (q) => `<${q('ind')} ${q('left')}="0" ${q('right')}="0" ${q('firstLine')}="0"/>`,
  jc: (q) => `<${q('jc')} ${q('val')}="left"/>`,
  sz: (q) => `<${q('sz')} ${q('val')}="20"/>`,
  szCs: (q) => `<${q('szCs')} ${q('val')}="20"/>`,
  b: (q) => `<${q('b')} ${q('val')}="0"/>`,
  i: (q) => `<${q('i')} ${q('val')}="0"/>`,
  color: (q) => `<${q('color')} ${q('val')}="auto"/>`,
};

function sortByOrder(items: Array<{ local: string; raw: string }>, order: string[]): string {
  const rank = (l: string) => {
    const i = order.indexOf(l);
    return i < 0 ? order.length : i;
  };
  return items
    .map((x, i) => ({ ...x, i }))
    .sort((a, b) => rank(a.local) - rank(b.local) || a.i - b.i)
    .map((x) => x.raw)
    .join('');
}

/** Adds the document defaults a style without basedOn inherits (properties it does not set itself), so the
 * style looks the same in a package whose defaults differ. */
export function foldDefaults(
  styleXml: string,
  defaults: string | undefined,
  type: string,
  baseDefaults?: string,
): string {
  if (!defaults && !baseDefaults) return styleXml;
  const st = splitTopLevel(styleXml);
  const p = prefixOf(st.rootName);
  const q = (l: string) => (p ? `${p}:${l}` : l);
  const defsOf = (x: string | undefined) => (x ? splitTopLevel(x).children : []);
  const inner = (container: string, prop: string, from = defaults) => {
    const c = defsOf(from).find((d) => localName(d.name) === container);
    const props = c ? splitTopLevel(c.raw).children.find((x) => localName(x.name) === prop) : undefined;
    return props ? splitTopLevel(props.raw).children.map((x) => ({ local: localName(x.name), raw: x.raw })) : [];
  };
  let kids = st.children.map((c) => ({ local: localName(c.name), raw: c.raw, attrs: c.attrs }));
  const kinds: Array<['pPr' | 'rPr', string, string[]]> = [['rPr', 'rPrDefault', RPR_ORDER]];
  if (type === 'paragraph') kinds.unshift(['pPr', 'pPrDefault', PPR_ORDER]);
  for (const [prop, container, order] of kinds) {
    const add = inner(container, prop);
    const existing = kids.find((k) => k.local === prop);
    const have = existing
      ? splitTopLevel(existing.raw).children.map((x) => ({ local: localName(x.name), raw: x.raw }))
      : [];
    const names = new Set(have.map((h) => h.local));
    // Defaults of the merged package this document never had are reset to Word's built-in values.
    for (const b of inner(container, prop, baseDefaults)) {
      const reset = RESETS[b.local];
      if (reset && !names.has(b.local) && !add.some((a) => a.local === b.local))
        add.push({ local: b.local, raw: reset(q) });
    }
    if (add.length === 0) continue;
    const merged = sortByOrder([...have, ...add.filter((a) => !names.has(a.local))], order);
    const raw = `<${q(prop)}${existing ? attrsToString(Object.entries(existing.attrs)) : ''}>${merged}</${q(prop)}>`;
    kids = existing
      ? kids.map((k) => (k === existing ? { ...k, raw } : k))
      : [...kids, { local: prop, raw, attrs: {} }];
  }
  return `<${st.rootName}${attrsToString(Object.entries(st.rootAttrs))}>${sortByOrder(kids, STYLE_ORDER)}</${st.rootName}>`;
}
