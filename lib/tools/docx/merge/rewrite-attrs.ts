// How a WordprocessingML element's attributes change in a merge: one rule per element and attribute
// (w:pStyle's w:val is a style id, w:footnoteReference's w:id a footnote id, ...), each asking the merge's
// hook for the new value, plus the namespace-wide ones (r:id relationship ids, w14 paragraph ids, wp:docPr
// ids). rewriter.ts applies them while it streams a part; ./rewrite-theme.ts handles theme fonts and colours.
import { NS, escAttr } from '@/lib/office/xml';
import type { RewriteHooks } from './rewrite-types';

// Namespace URIs as module constants: the hot loop must not go through an import binding per attribute.
const W = NS.w;
const R = NS.r;
const WP = NS.wp;
const W14 = NS.w14;
const WP14 = NS.wp14;

/** Elements whose w:id is a revision or annotation id (renumbered so two documents' ids do not collide). */
const REVISION = [
  'ins',
  'del',
  'moveFrom',
  'moveTo',
  'moveFromRangeStart',
  'moveFromRangeEnd',
  'moveToRangeStart',
  'moveToRangeEnd',
  'rPrChange',
  'pPrChange',
  'sectPrChange',
  'tblPrChange',
  'trPrChange',
  'tcPrChange',
  'tblGridChange',
  'numberingChange',
  'cellIns',
  'cellDel',
  'cellMerge',
  'customXmlInsRangeStart',
  'customXmlInsRangeEnd',
  'customXmlDelRangeStart',
  'customXmlDelRangeEnd',
  'customXmlMoveFromRangeStart',
  'customXmlMoveFromRangeEnd',
  'customXmlMoveToRangeStart',
  'customXmlMoveToRangeEnd',
  'bookmarkEnd',
];
/** Elements whose w:val names a style. */
const STYLE_REF = ['pStyle', 'rStyle', 'tblStyle', 'basedOn', 'next', 'link', 'styleLink', 'numStyleLink'];
const NOTE_TYPES_DROPPED = new Set(['separator', 'continuationSeparator', 'continuationNotice']);

/** The element an attribute belongs to. */
export interface ElementAt {
  hooks: RewriteHooks;
  /** The element's namespace prefix and local name, its namespace URI and scope. */
  prefix: string;
  local: string;
  uri: string | undefined;
  scope: Map<string, string>;
  /** The parent element's local name. */
  parent: string | undefined;
  /** A note or comment definition at the top of a notes part (mode 'notes', depth 1). */
  noteTop: boolean;
  /** Its attributes as read (after theme handling). */
  attrs: Record<string, string>;
  stripParaIds: boolean;
}

/** The new value; undefined drops the attribute; null drops the whole element. */
type AttrRule = (value: string, at: ElementAt) => string | undefined | null;
type IdHook = {
  [K in keyof RewriteHooks]-?: NonNullable<RewriteHooks[K]> extends (v: string) => string ? K : never;
}[keyof RewriteHooks];

/** The rule that passes the value through one of the merge's hooks (kept as is without that hook). */
const via =
  (hook: IdHook): AttrRule =>
  (v, at) =>
    at.hooks[hook] ? at.hooks[hook]!(v) : v;

/** A footnote, endnote or comment definition: its new id, or null (the element is dropped) for separators. */
const noteDef: AttrRule = (v, at) => {
  if (!at.noteTop || !at.hooks.noteDef) return v;
  const type = at.attrs[`${at.prefix ? at.prefix + ':' : ''}type`];
  return type && NOTE_TYPES_DROPPED.has(type) ? null : at.hooks.noteDef(v, type);
};

/** Element local name -> its w: attributes' rules (attribute local name -> rule). */
const RULES = new Map<string, Record<string, AttrRule>>();
function rule(elements: readonly string[], attr: string, r: AttrRule) {
  for (const e of elements) RULES.set(e, { ...RULES.get(e), [attr]: r });
}
// Styles
rule(STYLE_REF, 'val', via('style'));
rule(['style'], 'styleId', via('styleId'));
rule(['style'], 'default', (v, at) => (at.hooks.dropDefault ? undefined : v));
rule(['name'], 'val', (v, at) => (at.parent === 'style' ? via('styleName')(v, at) : v));
// Numbering
rule(['numId'], 'val', via('num'));
rule(['num'], 'numId', via('num'));
rule(['abstractNumId'], 'val', via('abstractNum'));
rule(['abstractNum'], 'abstractNumId', via('abstractNum'));
rule(['nsid'], 'val', via('nsid'));
rule(['lvlPicBulletId'], 'val', via('numPic'));
rule(['numPicBullet'], 'numPicBulletId', via('numPic'));
// Notes and comments
rule(['footnoteReference'], 'id', via('footnote'));
rule(['endnoteReference'], 'id', via('endnote'));
rule(['commentRangeStart', 'commentRangeEnd', 'commentReference'], 'id', via('comment'));
rule(['footnote', 'endnote', 'comment'], 'id', noteDef);
// Bookmarks, revisions, fields and links
rule(['bookmarkStart', ...REVISION], 'id', via('annId'));
rule(['bookmarkStart'], 'name', via('bookmark'));
rule(['hyperlink'], 'anchor', via('bookmark'));
rule(['fldSimple'], 'instr', via('fieldCode'));

/** One attribute's new value (undefined: drop it; null: drop the element). */
function rewriteAttr(k: string, v: string, at: ElementAt, rules: Record<string, AttrRule> | undefined) {
  const c = k.indexOf(':');
  if (c > 0 && k.slice(0, c) !== 'xmlns') {
    const aUri = at.scope.get(k.slice(0, c));
    const aLocal = k.slice(c + 1);
    if (aUri === R) return at.hooks.rel ? at.hooks.rel(v) : v;
    if (aUri === W14 && aLocal === 'paraId' && at.hooks.paraId) return at.hooks.paraId(v);
    if (
      at.stripParaIds &&
      ((aUri === W14 && (aLocal === 'paraId' || aLocal === 'textId')) ||
        (aUri === WP14 && (aLocal === 'anchorId' || aLocal === 'editId')))
    )
      return undefined; // optional (mc:Ignorable) ids that must be unique: Word regenerates them
    if (aUri === W && rules) {
      const r = rules[aLocal];
      if (r) return r(v, at);
    }
  } else if (k === 'id' && at.local === 'docPr' && at.uri === WP && at.hooks.docPrId) {
    return at.hooks.docPrId();
  }
  return v;
}

export interface RewrittenAttrs {
  /** The attributes as written into the tag (' k="v"' each). */
  text: string;
  /** The rewritten attributes by name, when asked for (children of a captured sectPr). */
  values?: Record<string, string>;
  /** A rule dropped the element (a note separator). */
  drop: boolean;
}

export function rewriteAttrs(at: ElementAt, keepValues: boolean): RewrittenAttrs {
  const rules = at.uri === W ? RULES.get(at.local) : undefined;
  const values: Record<string, string> | undefined = keepValues ? {} : undefined;
  let text = '';
  let drop = false;
  for (const k in at.attrs) {
    const v = rewriteAttr(k, at.attrs[k], at, rules);
    if (v === undefined) continue;
    if (v === null) {
      drop = true;
      text += ` ${k}="${escAttr(at.attrs[k])}"`;
      if (values) values[k] = at.attrs[k];
      continue;
    }
    text += ` ${k}="${escAttr(v)}"`;
    if (values) values[k] = v;
  }
  return { text, values, drop };
}
