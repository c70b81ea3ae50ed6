// Word merge, shared parts: settings, fonts and theme from the first document, then every merged part
// (styles, numbering, notes, comments, settings, font table) written into the package.
import { RelSet } from '@/lib/office/out-package';
import { WORD_CT as CT } from '@/lib/office/opc';
import { NS, attrsToString, localName, nsDecls, prefixOf, splitTopLevel } from '@/lib/office/xml';
import { rewriteXml } from './rewriter';
import { rootAttributes } from './ns-union';
import { AFTER_EVEN_ODD, RT, WML, XML_DECL, relIs } from './parts';
import { relHook, importPart } from './part-import';
import type { DocxMerger } from './merge';
import type { DocCtx } from './merge-types';

/** The first document's package-wide parts: theme, web settings, properties, settings and fonts. */
export function takeShared(merger: DocxMerger, d: DocCtx): void {
  const { src } = d;
  for (const r of src.rels(d.main)) {
    if (r.external) continue;
    if (relIs(r.type, 'theme') || relIs(r.type, 'webSettings')) {
      const t = importPart(merger, d, r.target);
      if (t) merger.docRels.add(r.type, t, false);
    }
  }
  for (const r of src.rels('')) {
    if (r.external || !/(core-properties|extended-properties|custom-properties)$/.test(r.type)) continue;
    const t = importPart(merger, d, r.target);
    if (t) merger.out.rootRels.add(r.type, t, false);
  }
  if (d.parts.settings) {
    merger.settingsXml = src.text(d.parts.settings) ?? null;
    for (const r of src.rels(d.parts.settings)) {
      if (r.external) merger.settingsRels.add(r.type, r.target, true, r.id);
      else {
        const t = importPart(merger, d, r.target);
        if (t) merger.settingsRels.add(r.type, t, false, r.id);
      }
    }
  }
  if (d.parts.fontTable) {
    const xml = src.text(d.parts.fontTable);
    if (xml) {
      const sp = splitTopLevel(xml);
      merger.fontTable = {
        rootName: sp.rootName,
        rootAttrs: sp.rootAttrs,
        fonts: sp.children.map((c) => c.raw),
        names: new Set(),
      };
      merger.fontTableNs.add(sp.rootAttrs);
      for (const c of sp.children)
        merger.fontTable.names.add(
          (Object.entries(c.attrs).find(([k]) => localName(k) === 'name')?.[1] ?? '').toLowerCase(),
        );
      for (const r of src.rels(d.parts.fontTable)) {
        if (r.external) continue;
        const t = importPart(merger, d, r.target);
        if (t) merger.fontRels.add(r.type, t, false, r.id);
      }
    }
  }
}

export function finish(merger: DocxMerger, first: DocCtx): void {
  const put = (name: string, type: string, data: string | null, rels?: RelSet) => {
    if (data === null) {
      merger.out.remove(name);
      return;
    }
    merger.out.add({ name, type, data: XML_DECL + data, rels });
  };
  const W = `xmlns:w="${NS.w}"`;
  merger.documentNs.ensure('w', NS.w);
  merger.documentNs.ensure('r', NS.r);

  // Styles: the first document's table (defaults, latent styles) plus the copies.
  if (merger.base) {
    const b = merger.base;
    const styles = [...b.others, ...b.styles.map((s) => s.raw), ...merger.newStyles].join('');
    put('word/styles.xml', CT.styles, `${merger.stylesNs.openTag(b.rootName)}${styles}</${b.rootName}>`);
  } else if (merger.newStyles.length > 0) {
    put('word/styles.xml', CT.styles, `<w:styles ${W} xmlns:r="${NS.r}">${merger.newStyles.join('')}</w:styles>`);
  } else put('word/styles.xml', CT.styles, null);
  if (merger.out.has('word/styles.xml')) merger.docRels.add(`${RT}/styles`, 'word/styles.xml', false);

  const hasNumbering = merger.abstractNums.length + merger.nums.length > 0;
  merger.numberingNs.ensure('w', NS.w);
  put(
    'word/numbering.xml',
    CT.numbering,
    hasNumbering
      ? `${merger.numberingNs.openTag('w:numbering')}${merger.numPicBullets.join('')}${merger.abstractNums.join('')}${merger.nums.join('')}</w:numbering>`
      : null,
    merger.numberingRels,
  );
  if (hasNumbering) merger.docRels.add(`${RT}/numbering`, 'word/numbering.xml', false);

  // Notes always get fresh separators (ids -1 and 0); the notes themselves start at 1.
  const sep = (el: string) =>
    `<w:${el} w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:${el}>` +
    `<w:${el} w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:${el}>`;
  for (const [u, chunks, name, root, el, type, rels, rt] of [
    [
      merger.footnoteNs,
      merger.footnoteXml,
      'word/footnotes.xml',
      'w:footnotes',
      'footnote',
      CT.footnotes,
      merger.footnoteRels,
      'footnotes',
    ],
    [
      merger.endnoteNs,
      merger.endnoteXml,
      'word/endnotes.xml',
      'w:endnotes',
      'endnote',
      CT.endnotes,
      merger.endnoteRels,
      'endnotes',
    ],
  ] as const) {
    u.ensure('w', NS.w);
    const any = chunks.length > 0;
    put(name, type, any ? `${u.openTag(root)}${sep(el)}${chunks.join('')}</${root}>` : null, rels);
    if (any) merger.docRels.add(`${RT}/${rt}`, name, false);
  }
  merger.commentNs.ensure('w', NS.w);
  put(
    'word/comments.xml',
    CT.comments,
    merger.commentXml.length
      ? `${merger.commentNs.openTag('w:comments')}${merger.commentXml.join('')}</w:comments>`
      : null,
    merger.commentRels,
  );
  if (merger.commentXml.length) merger.docRels.add(`${RT}/comments`, 'word/comments.xml', false);
  if (merger.commentXml.length && merger.commentExXml.length) {
    merger.commentsExNs.ensure('w15', 'http://schemas.microsoft.com/office/word/2012/wordml');
    merger.out.add({
      name: 'word/commentsExtended.xml',
      type: `${WML}.commentsExtended+xml`,
      data:
        XML_DECL + `${merger.commentsExNs.openTag('w15:commentsEx')}${merger.commentExXml.join('')}</w15:commentsEx>`,
    });
    merger.docRels.add(
      'http://schemas.microsoft.com/office/2011/relationships/commentsExtended',
      'word/commentsExtended.xml',
      false,
    );
  }

  // Settings.
  let settings: string;
  if (merger.settingsXml) {
    const sp = splitTopLevel(merger.settingsXml);
    const kids: string[] = [];
    let inserted = !merger.evenOddGlobal;
    const pfx = prefixOf(sp.rootName) || 'w';
    for (const c of sp.children) {
      const l = localName(c.name);
      if (l === 'evenAndOddHeaders' || l === 'attachedSchema') continue;
      if (!inserted && AFTER_EVEN_ODD.has(l)) {
        kids.push(`<${pfx}:evenAndOddHeaders/>`);
        inserted = true;
      }
      kids.push(
        l === 'footnotePr' || l === 'endnotePr' ? c.raw.replace(/<[\w.-]+:(footnote|endnote)\b[^>]*\/>/g, '') : c.raw,
      );
    }
    if (!inserted) kids.push(`<${pfx}:evenAndOddHeaders/>`);
    settings = `<${sp.rootName}${attrsToString(Object.entries(sp.rootAttrs))}>${kids.join('')}</${sp.rootName}>`;
  } else {
    settings = `<w:settings ${W}>${merger.evenOddGlobal ? '<w:evenAndOddHeaders/>' : ''}</w:settings>`;
  }
  put('word/settings.xml', CT.settings, settings, merger.settingsRels);
  merger.docRels.add(`${RT}/settings`, 'word/settings.xml', false);

  if (merger.fontTable) {
    const f = merger.fontTable;
    merger.fontTableNs.ensure('r', NS.r);
    put(
      'word/fontTable.xml',
      CT.fontTable,
      `${merger.fontTableNs.openTag(f.rootName)}${f.fonts.join('')}</${f.rootName}>`,
      merger.fontRels,
    );
    merger.docRels.add(`${RT}/fontTable`, 'word/fontTable.xml', false);
  } else put('word/fontTable.xml', CT.fontTable, null);

  const doc = `${merger.documentNs.openTag('w:document')}${merger.background}<w:body>${merger.body.join('')}</w:body></w:document>`;
  merger.body.length = 0;
  put('word/document.xml', CT.document, doc, merger.docRels);
  merger.out.rootRels.add(`${RT}/officeDocument`, 'word/document.xml', false);
  void first;
}

/** The first document's w:background element (it precedes w:body), with its relationships copied. */
export function takeBackground(merger: DocxMerger, d: DocCtx, xml: string): string {
  const body = xml.search(/<([\w.-]+:)?body[\s>]/);
  const head = body > 0 ? xml.slice(0, body) : '';
  const m = /<([\w.-]+:)?background\b[^>]*?(\/>|>[\s\S]*?<\/\1background>)/.exec(head);
  if (!m) return '';
  return rewriteXml(m[0], {
    mode: 'fragment',
    scope: nsDecls(rootAttributes(xml)),
    stripParaIds: true,
    hooks: { ...d.hooks, rel: relHook(merger, d, d.main, 'word/document.xml', merger.docRels) },
  }).xml;
}
