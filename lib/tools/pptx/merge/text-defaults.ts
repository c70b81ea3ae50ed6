// Text boxes and table cells (shapes that are not placeholders) take their text defaults from the
// presentation's <p:defaultTextStyle>, and a merged deck has only the first deck's. For a deck whose
// defaults differ, its own defaults are written into each such text body's list style (<a:lstStyle>),
// under anything the shape already sets, so its text keeps its font, size and spacing.
import { NS } from '@/lib/office/opc';
import { XElement as Element, allElements } from '@/lib/office/xtree';

const elementChildren = (e: Element) => e.elements();
const firstChild = (e: Element, name: string) => e.first(name);

const LEVELS = [
  'defPPr',
  'lvl1pPr',
  'lvl2pPr',
  'lvl3pPr',
  'lvl4pPr',
  'lvl5pPr',
  'lvl6pPr',
  'lvl7pPr',
  'lvl8pPr',
  'lvl9pPr',
  'extLst',
];

/** Child groups in schema order; the members of a group are alternatives (one of them at most). */
const PPR_GROUPS: string[][] = [
  ['lnSpc'],
  ['spcBef'],
  ['spcAft'],
  ['buClrTx', 'buClr'],
  ['buSzTx', 'buSzPct', 'buSzPts'],
  ['buFontTx', 'buFont'],
  ['buNone', 'buAutoNum', 'buChar', 'buBlip'],
  ['tabLst'],
  ['defRPr'],
  ['extLst'],
];
const RPR_GROUPS: string[][] = [
  ['ln'],
  ['noFill', 'solidFill', 'gradFill', 'blipFill', 'pattFill', 'grpFill'],
  ['effectLst', 'effectDag'],
  ['highlight'],
  ['uLnTx', 'uLn'],
  ['uFillTx', 'uFill'],
  ['latin'],
  ['ea'],
  ['cs'],
  ['sym'],
  ['hlinkClick'],
  ['hlinkMouseOver'],
  ['rtl'],
  ['extLst'],
];

const groupIndex = (groups: string[][], name: string) => groups.findIndex((g) => g.includes(name));

/** Adds what `target` lacks from `source`: attributes, then child elements by group, recursing into defRPr. */
function mergeProps(target: Element, source: Element, groups: string[][], skip: ReadonlySet<string>): void {
  for (const [name, value] of source.attributes()) {
    if (!name.startsWith('xmlns') && !target.hasAttribute(name)) target.setAttribute(name, value);
  }
  for (const child of elementChildren(source)) {
    const gi = groupIndex(groups, child.localName ?? '');
    if (gi < 0 || skip.has(child.localName ?? '')) continue;
    const existing = elementChildren(target).find((c) => groups[gi].includes(c.localName ?? ''));
    if (existing) {
      if (child.localName === 'defRPr' && existing.localName === 'defRPr')
        mergeProps(existing, child, RPR_GROUPS, skip);
      continue;
    }
    const next = elementChildren(target).find((c) => groupIndex(groups, c.localName ?? '') > gi);
    const copy = child.clone();
    if (copy.localName === 'defRPr')
      for (const c of elementChildren(copy)) if (skip.has(c.localName ?? '')) copy.removeChild(c);
    target.insertBefore(copy, next ?? null);
  }
}

function mergeListStyle(
  lstStyle: Element,
  defaults: Element,
  skip: ReadonlySet<string>,
  used: ReadonlySet<string>,
  sized: boolean,
): void {
  for (const level of elementChildren(defaults)) {
    const name = level.localName ?? '';
    const at = LEVELS.indexOf(name);
    if (at < 0 || name === 'extLst' || !used.has(name)) continue;
    const existing = firstChild(lstStyle, name);
    const target = existing ?? new Element(level.name, level.namespaceURI);
    if (!existing) {
      const next = elementChildren(lstStyle).find((c) => LEVELS.indexOf(c.localName ?? '') > at);
      lstStyle.insertBefore(target, next ?? null);
    }
    mergeProps(target, level, PPR_GROUPS, skip);
    if (sized && name !== 'defPPr') ensureSize(target);
  }
}

const FILLS = RPR_GROUPS[1];
const FONTS = ['latin', 'ea', 'cs'];

/** Text settings the shape's own style (<p:style><a:fontRef>) gives: they outrank presentation defaults. */
function styleOwned(shape: Element): Set<string> {
  const style = firstChild(shape, 'style');
  const fontRef = style && firstChild(style, 'fontRef');
  const out = new Set<string>();
  if (!fontRef) return out;
  if (elementChildren(fontRef).length > 0) FILLS.forEach((f) => out.add(f));
  if (fontRef.getAttribute('idx') !== 'none') FONTS.forEach((f) => out.add(f));
  return out;
}

/** The list levels the body's paragraphs use ('lvl1pPr'...), plus 'defPPr'; empty when it has no text. */
function usedLevels(body: Element): Set<string> {
  const out = new Set<string>();
  for (const p of elementChildren(body)) {
    if (p.localName !== 'p') continue;
    const pPr = firstChild(p, 'pPr');
    const lvl = Number(pPr?.getAttribute('lvl') ?? 0);
    out.add(`lvl${Number.isInteger(lvl) && lvl >= 0 && lvl <= 8 ? lvl + 1 : 1}pPr`);
  }
  if (out.size) out.add('defPPr');
  return out;
}

/** A level with an explicit font size (PowerPoint's default 18 pt when the defaults give none). */
export function ensureSize(level: Element): void {
  let d = firstChild(level, 'defRPr');
  if (!d) {
    d = new Element(level.prefix ? `${level.prefix}:defRPr` : 'a:defRPr', NS.a);
    level.insertBefore(d, firstChild(level, 'extLst'));
  }
  if (!d.hasAttribute('sz')) d.setAttribute('sz', '1800');
}

function isPlaceholder(sp: Element): boolean {
  const nv = firstChild(sp, 'nvSpPr');
  const nvPr = nv && firstChild(nv, 'nvPr');
  return !!(nvPr && firstChild(nvPr, 'ph'));
}

/**
 * Writes `defaults` (a <p:defaultTextStyle>) into every non-placeholder text body of a slide, layout or master.
 * With `sized` (the slide is being fitted), every level used gets an explicit size, so it can shrink with it.
 */
export function applyTextDefaults(root: Element, defaults: Element, sized = false, all?: Element[]): void {
  for (const el of all ?? allElements(root)) {
    const name = el.localName;
    const isShape = name === 'sp' && el.namespaceURI === NS.p && !isPlaceholder(el);
    const isCell = name === 'tc' && el.namespaceURI === NS.a;
    if (!isShape && !isCell) continue;
    const body = firstChild(el, 'txBody');
    if (!body) continue;
    let lst = firstChild(body, 'lstStyle');
    if (!lst) {
      const bodyPr = firstChild(body, 'bodyPr');
      lst = new Element(bodyPr?.prefix ? `${bodyPr.prefix}:lstStyle` : 'a:lstStyle', NS.a);
      const at = bodyPr ? body.children.indexOf(bodyPr) + 1 : 0;
      body.insertBefore(lst, body.children[at] ?? null);
    }
    mergeListStyle(lst, defaults, styleOwned(el), usedLevels(body), sized);
  }
}
