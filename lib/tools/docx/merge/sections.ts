// Word merge, sections: each document keeps its section properties; headers and footers a section lacks
// are filled so they do not inherit the previous document's, and even/odd pages follow the first document.
import { WORD_CT as CT } from '@/lib/office/opc';
import { NS, attrsToString, localName, prefixOf } from '@/lib/office/xml';
import { type SectPrCapture, type SectPrChild } from './rewriter';
import { BEFORE_TYPE, RT, XML_DECL } from './parts';
import type { DocxMerger } from './merge';
import type { DocCtx } from './merge-types';

export function sectPr(merger: DocxMerger, d: DocCtx, cap: SectPrCapture): string {
  const idx = d.sectIndex++;
  const p = prefixOf(cap.qname) || 'w';
  let children = [...cap.children];
  const refType = (c: SectPrChild) => Object.entries(c.attrs).find(([k]) => localName(k) === 'type')?.[1] ?? 'default';
  const refId = (c: SectPrChild) =>
    Object.entries(c.attrs).find(([k]) => prefixOf(k) !== '' && localName(k) === 'id')?.[1];
  const ref = (kind: 'header' | 'footer', type: string, rid: string): SectPrChild => ({
    local: `${kind}Reference`,
    attrs: { [`${p}:type`]: type, 'r:id': rid },
    xml: `<${p}:${kind}Reference ${p}:type="${type}" r:id="${rid}"/>`,
  });
  if (d.k > 0 && idx === 0) {
    const ti = children.findIndex((c) => c.local === 'type');
    const typeXml = `<${p}:type ${p}:val="nextPage"/>`;
    if (ti >= 0) {
      const v = Object.entries(children[ti].attrs).find(([k]) => localName(k) === 'val')?.[1];
      if (v !== 'oddPage' && v !== 'evenPage') children[ti] = { local: 'type', attrs: {}, xml: typeXml };
    } else {
      const at = children.findIndex((c) => !BEFORE_TYPE.has(c.local));
      children.splice(at < 0 ? children.length : at, 0, { local: 'type', attrs: {}, xml: typeXml });
    }
    // Written explicitly so the document does not inherit the previous document's headers and footers.
    for (const kind of ['header', 'footer'] as const) {
      const have = new Set(children.filter((c) => c.local === `${kind}Reference`).map(refType));
      for (const t of ['default', 'first', 'even']) {
        if (!have.has(t))
          children.unshift(ref(kind, t, merger.docRels.add(`${RT}/${kind}`, emptyPart(merger, kind), false)));
      }
    }
  }
  if (merger.evenOddGlobal && !d.evenOdd) {
    // This document had one header for all pages: its even pages show the default header too.
    for (const kind of ['header', 'footer'] as const) {
      const def = children.find((c) => c.local === `${kind}Reference` && refType(c) === 'default');
      const target = def && refId(def) ? merger.docRels.get(refId(def)!)?.target : undefined;
      if (!target) continue;
      children = children.filter((c) => !(c.local === `${kind}Reference` && refType(c) === 'even'));
      children.unshift(ref(kind, 'even', merger.docRels.add(`${RT}/${kind}`, target, false)));
    }
  }
  const refs = children.filter((c) => c.local === 'headerReference' || c.local === 'footerReference');
  const rest = children.filter((c) => c.local !== 'headerReference' && c.local !== 'footerReference');
  return `<${cap.qname}${attrsToString(Object.entries(cap.attrs))}>${[...refs, ...rest].map((c) => c.xml).join('')}</${cap.qname}>`;
}

export function emptyPart(merger: DocxMerger, kind: 'header' | 'footer'): string {
  const existing = merger.emptyParts[kind];
  if (existing) return existing;
  const name = merger.out.freeName(`word/${kind}1.xml`);
  const root = kind === 'header' ? 'w:hdr' : 'w:ftr';
  merger.out.add({ name, type: CT[kind], data: `${XML_DECL}<${root} xmlns:w="${NS.w}"><w:p/></${root}>` });
  merger.emptyParts[kind] = name;
  return name;
}
