// Word merge, styles, lists and fonts: styles are matched by name and content (renamed when they differ),
// list definitions and pictures renumbered, and the fonts every document uses declared once.
import crypto from 'node:crypto';
import { localName, nsDecls, splitTopLevel } from '@/lib/office/xml';
import { rewriteXml, type RewriteHooks } from './rewriter';
import { canonicalStyle, foldDefaults, type StyleInfo } from './styles';
import { relHook } from './part-import';
import type { DocxMerger } from './merge';
import type { DocCtx } from './merge-types';

export function initStyles(merger: DocxMerger, d: DocCtx): void {
  merger.base = d.styles;
  if (!d.styles) return;
  for (const s of d.styles.styles) registerStyle(merger, s);
  merger.mergedDefaultPara = d.styles.styles.find((s) => s.type === 'paragraph' && s.isDefault)?.id ?? null;
}

export function registerStyle(merger: DocxMerger, s: StyleInfo): void {
  if (!merger.styleByName.has(s.name.toLowerCase())) merger.styleByName.set(s.name.toLowerCase(), s);
  if (!merger.styleById.has(s.id)) merger.styleById.set(s.id, s);
  merger.styleIds.add(s.id.toLowerCase());
}

/** The merged id for a style of document d: the same-named style when identical, else a (renamed) copy. */
export function ensureStyle(merger: DocxMerger, d: DocCtx, id: string): string {
  const known = d.styleMap.get(id);
  if (known !== undefined) return known;
  const s = d.styles?.byId.get(id);
  if (!s) {
    d.styleMap.set(id, id);
    return id;
  }
  const ex = merger.styleByName.get(s.name.toLowerCase());
  // Styles carrying numbering are copied for each document so that its lists restart; with other
  // document defaults every style looks different, so all are copied.
  const themeColoured = d.colorsDiffer && /:theme(Color|Fill)=/.test(s.raw);
  if (
    ex &&
    ex.type === s.type &&
    !s.hasNumPr &&
    !d.defaultsDiffer &&
    !themeColoured &&
    canonicalStyle(s, d.styles!.byId) === canonicalStyle(ex, merger.styleById)
  ) {
    d.styleMap.set(id, ex.id);
    return ex.id;
  }
  let target = s.id;
  for (let n = d.k + 1; merger.styleIds.has(target.toLowerCase()); n++) target = `${s.id}${n}`;
  let name = s.name;
  for (let n = d.k + 1; merger.styleByName.has(name.toLowerCase()); n++) name = `${s.name} (${n})`;
  d.styleMap.set(id, target);
  // Defaults are folded in before the rewrite, so that their theme fonts are resolved too.
  const raw =
    d.defaultsDiffer && !s.basedOn && (s.type === 'paragraph' || s.type === 'character')
      ? foldDefaults(s.raw, d.styles!.docDefaults, s.type, merger.base?.docDefaults)
      : s.raw;
  const xml = rewriteXml(raw, {
    mode: 'fragment',
    scope: d.styles!.scope,
    hooks: { ...d.hooks, defaultPStyle: null, styleId: () => target, styleName: () => name, dropDefault: true },
  }).xml;
  const info: StyleInfo = { ...s, id: target, name, isDefault: false, raw: xml };
  registerStyle(merger, info);
  merger.newStyles.push(xml);
  return target;
}

export function mergeNumbering(merger: DocxMerger, d: DocCtx): void {
  const part = d.parts.numbering!;
  const sp = splitTopLevel(d.src.text(part)!);
  merger.numberingNs.add(sp.rootAttrs);
  const attrOf = (a: Record<string, string>, l: string) => Object.entries(a).find(([k]) => localName(k) === l)?.[1];
  for (const c of sp.children) {
    const l = localName(c.name);
    const [map, attr] =
      l === 'abstractNum'
        ? [d.absMap, 'abstractNumId']
        : l === 'num'
          ? [d.numMap, 'numId']
          : l === 'numPicBullet'
            ? [d.picMap, 'numPicBulletId']
            : [null, ''];
    const v = map ? attrOf(c.attrs, attr) : undefined;
    if (!map || v === undefined) continue;
    const n = Number(v);
    if (d.k === 0) {
      map.set(v, v);
      if (l === 'abstractNum') merger.absMax = Math.max(merger.absMax, n);
      if (l === 'num') merger.numMax = Math.max(merger.numMax, n);
      if (l === 'numPicBullet') merger.picMax = Math.max(merger.picMax, n);
    } else {
      map.set(v, String(l === 'abstractNum' ? ++merger.absMax : l === 'num' ? ++merger.numMax : ++merger.picMax));
    }
  }
  const hooks: RewriteHooks = {
    ...d.hooks,
    defaultPStyle: null,
    rel: relHook(merger, d, part, 'word/numbering.xml', merger.numberingRels),
    abstractNum: (v) => d.absMap.get(v) ?? v,
    numPic: (v) => d.picMap.get(v) ?? v,
    nsid: d.k === 0 ? undefined : () => crypto.randomBytes(4).toString('hex').toUpperCase(),
  };
  const scope = nsDecls(sp.rootAttrs);
  for (const c of sp.children) {
    const l = localName(c.name);
    const bucket =
      l === 'numPicBullet'
        ? merger.numPicBullets
        : l === 'abstractNum'
          ? merger.abstractNums
          : l === 'num'
            ? merger.nums
            : null;
    if (!bucket) continue;
    bucket.push(rewriteXml(c.raw, { mode: 'fragment', scope, hooks }).xml);
  }
}

/** Fonts named by later documents that the first one lacks (without their embedded files). */
export function addFonts(merger: DocxMerger, d: DocCtx): void {
  if (!merger.fontTable || !d.parts.fontTable) return;
  const xml = d.src.text(d.parts.fontTable);
  if (!xml) return;
  const sp = splitTopLevel(xml);
  merger.fontTableNs.add(sp.rootAttrs);
  const scope = nsDecls(sp.rootAttrs);
  // Embedded fonts come along (font part, relationship and obfuscation key together).
  const rel = relHook(merger, d, d.parts.fontTable, 'word/fontTable.xml', merger.fontRels);
  for (const c of sp.children) {
    const n = (Object.entries(c.attrs).find(([k]) => localName(k) === 'name')?.[1] ?? '').toLowerCase();
    if (!n || merger.fontTable.names.has(n)) continue;
    merger.fontTable.names.add(n);
    merger.fontTable.fonts.push(rewriteXml(c.raw, { mode: 'fragment', scope, hooks: { rel } }).xml);
  }
}
