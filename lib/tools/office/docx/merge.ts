// Word merge: documents in order, each from a new page (next-page section break), each keeping its sections,
// headers/footers, styles, lists, media, charts, OLE objects, SmartArt, notes and comments. The first
// document gives the shared parts (theme, settings, fonts, document defaults); every document's body goes
// through one streaming rewrite (rewriter.ts) that renumbers ids against the merged package.
import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { openPackage, type OfficePackage } from '@/lib/office/package-reader';
import { OutPackage, RelSet } from '@/lib/office/out-package';
import { SourcePackage } from '@/lib/office/source-package';
import { NS, attrsToString, localName, nsDecls, prefixOf, splitTopLevel } from '@/lib/office/xml';
import { rewriteXml, type RewriteHooks, type SectPrCapture, type SectPrChild } from './rewriter';
import { canonicalDefaults, canonicalStyle, foldDefaults, parseStyles, type StyleInfo, type StyleTable } from './styles';
import { NsUnion, rootAttributes } from './ns-union';
import { AFTER_EVEN_ODD, BEFORE_TYPE, CT, RT, WML, XML_DECL, inParallel, readThemeColours, readThemeFonts, relIs, type ThemeFonts } from './parts';

export interface MergeInput { path: string; name: string }

interface DocCtx {
  k: number;
  src: SourcePackage;
  fileName: string;
  main: string;
  parts: Record<'styles' | 'numbering' | 'footnotes' | 'endnotes' | 'comments' | 'settings' | 'fontTable' | 'commentsExtended', string | null>;
  evenOdd: boolean;
  styles: StyleTable | null;
  styleMap: Map<string, string>;
  numMap: Map<string, string>;
  absMap: Map<string, string>;
  picMap: Map<string, string>;
  fnMap: Map<string, string>;
  enMap: Map<string, string>;
  cmMap: Map<string, string>;
  bookmarks: Map<string, string>;
  annOffset: number;
  defaultPStyle: string | null;
  partMap: Map<string, string | null>;
  relMemo: Map<string, Map<string, string>>;
  sectIndex: number;
  hooks: RewriteHooks;
  /** The document's defaults (font size, spacing) or theme fonts differ from the merged package's. */
  defaultsDiffer: boolean;
  themeFonts: ThemeFonts | null;
  paraMap: Map<string, string>;
  /** The document's theme colour scheme differs from the merged package's. */
  colorsDiffer: boolean;
}

export class DocxMerger {
  private readonly out = new OutPackage();
  private readonly docRels = new RelSet();
  private readonly numRels = new RelSet();
  private readonly fnRels = new RelSet();
  private readonly enRels = new RelSet();
  private readonly cmRels = new RelSet();
  private readonly docU = new NsUnion();
  private readonly fnU = new NsUnion();
  private readonly enU = new NsUnion();
  private readonly cmU = new NsUnion();
  private readonly numU = new NsUnion();
  private readonly stU = new NsUnion();
  private readonly body: string[] = [];
  private readonly fnChunks: string[] = [];
  private readonly enChunks: string[] = [];
  private readonly cmChunks: string[] = [];
  private readonly numPics: string[] = [];
  private readonly numAbs: string[] = [];
  private readonly numNums: string[] = [];
  private numMax = 0;
  private absMax = -1;
  private picMax = -1;
  private fnCount = 0;
  private enCount = 0;
  /** Comment ids live far above note ids: LibreOffice 7.4 loses footnotes when a comment id equals a footnote id. */
  private cmCount = 99_999;
  private annMax = -1;
  private docPr = 0;
  /** Paragraph ids (w14:paraId, below 0x80000000) renumbered through the document. */
  private paraCount = 0;
  private readonly cxU = new NsUnion();
  private readonly cxChunks: string[] = [];
  private readonly usedBookmarks = new Set<string>();
  private readonly hashIndex = new Map<string, string>();
  private evenOddGlobal = false;
  private emptyParts: { header?: string; footer?: string } = {};
  // Merged styles.
  private base: StyleTable | null = null;
  private readonly styleByName = new Map<string, StyleInfo>();
  private readonly styleById = new Map<string, StyleInfo>();
  private readonly styleIds = new Set<string>();
  private readonly newStyles: string[] = [];
  private mergedDefaultPara: string | null = null;
  // Shared parts from the first document.
  private settingsXml: string | null = null;
  private settingsRels = new RelSet();
  private fontTable: { rootName: string; rootAttrs: Record<string, string>; fonts: string[]; names: Set<string> } | null = null;
  private fontRels = new RelSet();
  private baseTheme: ThemeFonts | null = null;
  private baseColours = '';
  private readonly fontU = new NsUnion();
  /** The first document's page background (w:background), written before the body. */
  private background = '';

  async merge(inputs: MergeInput[], outPath: string): Promise<void> {
    const pkgs: OfficePackage[] = [];
    try {
      const docs: DocCtx[] = [];
      for (const input of inputs) {
        const pkg = await openPackage(input.path, input.name, 'docx');
        pkgs.push(pkg);
        docs.push(await this.prepare(pkg, docs.length));
      }
      this.evenOddGlobal = docs.some((d) => d.evenOdd);
      for (const name of ['word/document.xml', 'word/styles.xml', 'word/numbering.xml', 'word/settings.xml', 'word/fontTable.xml',
        'word/footnotes.xml', 'word/endnotes.xml', 'word/comments.xml']) this.out.add({ name, type: '', data: '' });
      for (const d of docs) {
        try {
          await this.mergeDoc(d, d.k === docs.length - 1);
        } catch (err) {
          if (err instanceof AppError) throw err;
          throw new AppError('UNPROCESSABLE', `"${d.fileName}" is damaged or not a valid Word document.`);
        }
      }
      this.finish(docs[0]);
      await this.out.write(outPath);
    } finally {
      for (const p of pkgs) await p.close();
    }
  }

  // ---------------------------------------------------------------------------------------------------
  private async prepare(pkg: OfficePackage, k: number): Promise<DocCtx> {
    const src = await SourcePackage.load(pkg);
    const main = pkg.mainPart!;
    const find = (kind: string) => src.rels(main).find((r) => !r.external && relIs(r.type, kind) && src.resolve(r.target))?.target ?? null;
    const parts = {
      styles: find('styles'), numbering: find('numbering'), footnotes: find('footnotes'), endnotes: find('endnotes'),
      comments: find('comments'), settings: find('settings'), fontTable: find('fontTable'), commentsExtended: find('commentsExtended'),
    };
    let evenOdd = false;
    if (parts.settings) {
      await src.loadText(parts.settings);
      const m = /<[\w.-]+:evenAndOddHeaders\b([^>]*)>/.exec(src.text(parts.settings) ?? '');
      evenOdd = !!m && !/:val="(false|0|off)"/.test(m[1]);
    }
    const ctx = {
      k, src, fileName: pkg.fileName, main, parts, evenOdd, styles: null, styleMap: new Map(), numMap: new Map(), absMap: new Map(),
      picMap: new Map(), fnMap: new Map(), enMap: new Map(), cmMap: new Map(), bookmarks: new Map(), annOffset: 0,
      defaultPStyle: null, partMap: new Map(), relMemo: new Map(), sectIndex: 0, hooks: {}, defaultsDiffer: false, themeFonts: null, paraMap: new Map(), colorsDiffer: false,
    } as DocCtx;
    return ctx;
  }

  private async loadDoc(d: DocCtx): Promise<void> {
    const { src } = d;
    const texts = [d.main, ...Object.values(d.parts).filter((p): p is string => !!p)];
    const theme = src.rels(d.main).find((r) => !r.external && relIs(r.type, 'theme'))?.target;
    if (theme) texts.push(theme);
    const seen = new Set<string>();
    const hashed: string[] = [];
    // Parts reachable from the stories; package-wide parts (fonts, theme, settings) come from the first
    // document only and are not walked for the others.
    const skip = /\/(fontTable|settings|theme|webSettings|styles|stylesWithEffects|glossaryDocument|customXml|people|commentsExtended|commentsIds|commentsExtensible|attachedTemplate)$/;
    const walk = (owner: string) => {
      for (const r of src.rels(owner)) {
        if (r.external || seen.has(r.target.toLowerCase()) || (d.k > 0 && skip.test(r.type))) continue;
        seen.add(r.target.toLowerCase());
        if (relIs(r.type, 'header') || relIs(r.type, 'footer') || relIs(r.type, 'diagramData')) texts.push(r.target);
        else if (!src.hasRels(r.target) && !skip.test(r.type)) hashed.push(r.target);
        walk(r.target);
      }
    };
    walk(d.main);
    await inParallel(texts.filter((p) => src.resolve(p)), 6, (p) => src.loadText(p));
    await inParallel(hashed.filter((p) => src.resolve(p) && !src.text(p)), 6, (p) => src.loadHash(p));
  }

  private async mergeDoc(d: DocCtx, last: boolean): Promise<void> {
    await this.loadDoc(d);
    const { src } = d;
    d.hooks = this.storyHooks(d);
    if (d.k > 0) this.addFonts(d);

    // Styles.
    if (d.parts.styles) {
      d.styles = parseStyles(src.text(d.parts.styles)!);
      this.stU.add(d.styles.rootAttrs);
    }
    if (d.k === 0) this.initStyles(d);
    const theme = src.rels(d.main).find((r) => !r.external && relIs(r.type, 'theme'))?.target;
    d.themeFonts = readThemeFonts(theme ? src.text(theme) : undefined);
    const colours = readThemeColours(theme ? src.text(theme) : undefined);
    if (d.k === 0) { this.baseTheme = d.themeFonts; this.baseColours = colours; }
    d.colorsDiffer = d.k > 0 && colours !== '' && colours !== this.baseColours;
    if (d.colorsDiffer) d.hooks.resolveThemeColors = true;
    const themeDiffers = d.k > 0 && !!d.themeFonts && JSON.stringify(d.themeFonts) !== JSON.stringify(this.baseTheme);
    if (themeDiffers) d.hooks.themeFont = (ref) => d.themeFonts?.[ref] || null;
    d.defaultsDiffer = d.k > 0 && !!d.styles && (themeDiffers || canonicalDefaults(d.styles) !== canonicalDefaults(this.base));

    // Numbering ids first: styles and bodies refer to them.
    if (d.parts.numbering) this.mergeNumbering(d);

    if (d.k > 0 && d.styles) {
      const def = d.styles.styles.find((s) => s.type === 'paragraph' && s.isDefault);
      if (def) {
        const t = this.ensureStyle(d, def.id);
        if (t !== this.mergedDefaultPara) d.defaultPStyle = t;
        d.hooks.defaultPStyle = d.defaultPStyle;
      }
    }

    // Bookmark names that clash with earlier documents are renamed (with the links and fields using them).
    const names = new Set<string>();
    for (const p of [d.main, d.parts.footnotes, d.parts.endnotes, d.parts.comments]) {
      const t = p ? src.text(p) : undefined;
      if (!t) continue;
      for (const m of t.matchAll(/<[\w.-]+:bookmarkStart\b[^>]*?\s[\w.-]+:name="([^"]*)"/g)) names.add(m[1]);
    }
    for (const n of names) {
      if (!this.usedBookmarks.has(n)) continue;
      let i = d.k + 1;
      let nn: string;
      do { nn = `${n.slice(0, 36)}_${i++}`; } while (this.usedBookmarks.has(nn) || names.has(nn));
      d.bookmarks.set(n, nn);
    }
    d.annOffset = this.annMax + 1;

    // Body.
    const mainXml = src.text(d.main)!;
    const extra = this.docU.add(rootAttributes(mainXml));
    if (d.k === 0) this.background = this.takeBackground(d, mainXml);
    const res = rewriteXml(mainXml, {
      mode: 'body', stripParaIds: true, extraDecls: extra,
      hooks: { ...d.hooks, rel: this.relHook(d, d.main, 'word/document.xml', this.docRels), sectPr: (s) => this.sectPr(d, s) },
    });
    src.dropText(d.main);
    let finalSect = res.finalSectPr;
    if (finalSect === null) finalSect = this.sectPr(d, { qname: 'w:sectPr', attrs: {}, children: [], final: true });
    const tail = res.tailBreak;
    if (last) this.body.push(res.xml, finalSect);
    else if (tail) {
      // The section break goes into the document's last paragraph: no extra paragraph, no risk of a blank page.
      const sect = tail.wrap ? `<${tail.prefix}:pPr>${finalSect}</${tail.prefix}:pPr>` : finalSect;
      this.body.push(res.xml.slice(0, tail.at), sect, res.xml.slice(tail.at));
    } else {
      // The document ends with a table or another block: a 1 pt paragraph carries the break.
      this.body.push(res.xml, `<w:p${extra}><w:pPr><w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/>` +
        `<w:rPr><w:sz w:val="2"/><w:szCs w:val="2"/></w:rPr>${finalSect}</w:pPr></w:p>`);
    }

    // Notes and comments: only those referenced, with new ids.
    const notes: Array<[string | null, string, NsUnion, string[], RelSet, Map<string, string>]> = [
      [d.parts.footnotes, 'word/footnotes.xml', this.fnU, this.fnChunks, this.fnRels, d.fnMap],
      [d.parts.endnotes, 'word/endnotes.xml', this.enU, this.enChunks, this.enRels, d.enMap],
      [d.parts.comments, 'word/comments.xml', this.cmU, this.cmChunks, this.cmRels, d.cmMap],
    ];
    for (const [part, outName, union, chunks, rels, map] of notes) {
      if (!part || map.size === 0) continue;
      const xml = src.text(part);
      if (!xml) continue;
      const ex = union.add(rootAttributes(xml));
      const r = rewriteXml(xml, {
        mode: 'notes', stripParaIds: true, extraDecls: ex,
        hooks: { ...d.hooks, rel: this.relHook(d, part, outName, rels), noteDef: (id) => map.get(id) ?? null },
      });
      chunks.push(r.xml);
    }
    // Reply threads and resolved state of comments (w15:commentEx), keyed by the comments' paragraph ids.
    const cx = d.parts.commentsExtended ? src.text(d.parts.commentsExtended) : undefined;
    if (cx && d.cmMap.size > 0) {
      const sp = splitTopLevel(cx);
      this.cxU.add(sp.rootAttrs);
      for (const c of sp.children) {
        const entries = Object.entries(c.attrs);
        const para = entries.find(([k]) => localName(k) === 'paraId');
        const mapped = para ? d.paraMap.get(para[1]) : undefined;
        if (!para || !mapped) continue;
        const attrs = entries.flatMap(([k, v]): Array<[string, string]> => {
          const l = localName(k);
          if (l === 'paraId') return [[k, mapped]];
          if (l === 'paraIdParent') { const p = d.paraMap.get(v); return p ? [[k, p]] : []; }
          return [[k, v]];
        });
        this.cxChunks.push(`<${c.name}${attrsToString(attrs)}/>`);
      }
    }
    for (const n of names) this.usedBookmarks.add(d.bookmarks.get(n) ?? n);
    if (d.k === 0) this.takeShared(d);
  }

  // ---------------------------------------------------------------------------------------------------
  private storyHooks(d: DocCtx): RewriteHooks {
    const lazy = (map: Map<string, string>, next: () => number, fmt: (n: number) => string = String) => (v: string) => {
      let n = map.get(v);
      if (n === undefined) { n = fmt(next()); map.set(v, n); }
      return n;
    };
    const hex8 = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
    return {
      style: d.k === 0 ? undefined : (v) => this.ensureStyle(d, v),
      num: (v) => d.numMap.get(v) ?? v,
      footnote: lazy(d.fnMap, () => ++this.fnCount),
      endnote: lazy(d.enMap, () => ++this.enCount),
      comment: lazy(d.cmMap, () => ++this.cmCount),
      annId: (v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0) return v;
        const nv = n + d.annOffset;
        if (nv > this.annMax) this.annMax = nv;
        return String(nv);
      },
      bookmark: (v) => d.bookmarks.get(v) ?? v,
      fieldCode: (code) => (d.bookmarks.size === 0 ? code : code.replace(/[A-Za-z_][\w]*/g, (t) => d.bookmarks.get(t) ?? t)),
      docPrId: () => String(++this.docPr),
      paraId: lazy(d.paraMap, () => ++this.paraCount, hex8),
      defaultPStyle: d.defaultPStyle,
    };
  }

  private relHook(d: DocCtx, srcOwner: string, outOwner: string, rels: RelSet): (id: string) => string {
    return (id) => this.importRel(d, srcOwner, rels, id) ?? id;
  }

  /** Copies the target of one relationship of `srcOwner` into the merged package; returns the new id. */
  private importRel(d: DocCtx, srcOwner: string, rels: RelSet, id: string): string | null {
    const key = srcOwner.toLowerCase();
    let memo = d.relMemo.get(key);
    if (!memo) { memo = new Map(); d.relMemo.set(key, memo); }
    const done = memo.get(id);
    if (done) return done;
    const rel = d.src.rel(srcOwner, id);
    if (!rel) return null;
    let newId: string;
    if (rel.external) newId = rels.add(rel.type, rel.target, true);
    else {
      const target = this.importPart(d, rel.target);
      // A relationship to a part the package lacks stays a (broken) external link: Word shows a missing
      // picture instead of refusing the whole file over an unknown id.
      if (!target) { newId = rels.add(rel.type, rel.target, true); memo.set(id, newId); return newId; }
      newId = rels.add(rel.type, target, false);
      if (relIs(rel.type, 'diagramData')) {
        // The data part names its drawing by an id of the referring part's relationships (dsp:dataModelExt).
        const part = this.out.get(target);
        if (part && typeof part.data === 'string' && !(part as { patched?: boolean }).patched) {
          (part as { patched?: boolean }).patched = true;
          part.data = part.data.replace(/(\brelId=")([^"]*)(")/g, (_m, a: string, v: string, b: string) => a + (this.importRel(d, srcOwner, rels, v) ?? v) + b);
        }
      }
    }
    memo.set(id, newId);
    return newId;
  }

  /** Copies a part (and what it relates to) once per document; media are shared by content hash. */
  private importPart(d: DocCtx, srcName: string): string | null {
    const { src } = d;
    const stored = src.resolve(srcName);
    if (!stored) return null;
    const key = stored.toLowerCase();
    if (d.partMap.has(key)) return d.partMap.get(key)!;
    const type = src.contentType(stored);
    const text = src.text(stored);
    if (/\.(header|footer)\+xml$/.test(type) && text) {
      const name = this.out.freeName(stored);
      d.partMap.set(key, name);
      const part = this.out.add({ name, type, data: '', rels: new RelSet() });
      const r = rewriteXml(text, { mode: 'whole', stripParaIds: true, hooks: { ...d.hooks, rel: this.relHook(d, stored, name, part.rels!) } });
      part.data = XML_DECL + r.xml;
      return name;
    }
    if (src.hasRels(stored)) {
      const name = this.out.freeName(stored);
      d.partMap.set(key, name);
      const rels = new RelSet();
      const part = this.out.add({ name, type, rels, ...(text !== undefined ? { data: text } : { source: { pkg: src.pkg, name: stored } }) });
      for (const r of src.rels(stored)) {
        if (r.external) rels.add(r.type, r.target, true, r.id);
        else {
          const t = this.importPart(d, r.target);
          if (t) rels.add(r.type, t, false, r.id);
        }
      }
      return part.name;
    }
    const hash = src.hash(stored);
    const dup = hash ? this.hashIndex.get(`${hash}|${type}`) : undefined;
    if (dup) { d.partMap.set(key, dup); return dup; }
    const name = this.out.freeName(stored);
    this.out.add({ name, type, ...(text !== undefined ? { data: text } : { source: { pkg: src.pkg, name: stored } }) });
    if (hash) this.hashIndex.set(`${hash}|${type}`, name);
    d.partMap.set(key, name);
    return name;
  }

  // ---------------------------------------------------------------------------------------------------
  private sectPr(d: DocCtx, cap: SectPrCapture): string {
    const idx = d.sectIndex++;
    const p = prefixOf(cap.qname) || 'w';
    let children = [...cap.children];
    const refType = (c: SectPrChild) => Object.entries(c.attrs).find(([k]) => localName(k) === 'type')?.[1] ?? 'default';
    const refId = (c: SectPrChild) => Object.entries(c.attrs).find(([k]) => prefixOf(k) !== '' && localName(k) === 'id')?.[1];
    const ref = (kind: 'header' | 'footer', type: string, rid: string): SectPrChild =>
      ({ local: `${kind}Reference`, attrs: { [`${p}:type`]: type, 'r:id': rid }, xml: `<${p}:${kind}Reference ${p}:type="${type}" r:id="${rid}"/>` });
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
          if (!have.has(t)) children.unshift(ref(kind, t, this.docRels.add(`${RT}/${kind}`, this.emptyPart(kind), false)));
        }
      }
    }
    if (this.evenOddGlobal && !d.evenOdd) {
      // This document had one header for all pages: its even pages show the default header too.
      for (const kind of ['header', 'footer'] as const) {
        const def = children.find((c) => c.local === `${kind}Reference` && refType(c) === 'default');
        const target = def && refId(def) ? this.docRels.get(refId(def)!)?.target : undefined;
        if (!target) continue;
        children = children.filter((c) => !(c.local === `${kind}Reference` && refType(c) === 'even'));
        children.unshift(ref(kind, 'even', this.docRels.add(`${RT}/${kind}`, target, false)));
      }
    }
    const refs = children.filter((c) => c.local === 'headerReference' || c.local === 'footerReference');
    const rest = children.filter((c) => c.local !== 'headerReference' && c.local !== 'footerReference');
    return `<${cap.qname}${attrsToString(Object.entries(cap.attrs))}>${[...refs, ...rest].map((c) => c.xml).join('')}</${cap.qname}>`;
  }

  private emptyPart(kind: 'header' | 'footer'): string {
    const existing = this.emptyParts[kind];
    if (existing) return existing;
    const name = this.out.freeName(`word/${kind}1.xml`);
    const root = kind === 'header' ? 'w:hdr' : 'w:ftr';
    this.out.add({ name, type: CT[kind], data: `${XML_DECL}<${root} xmlns:w="${NS.w}"><w:p/></${root}>` });
    this.emptyParts[kind] = name;
    return name;
  }

  // ---------------------------------------------------------------------------------------------------
  private initStyles(d: DocCtx): void {
    this.base = d.styles;
    if (!d.styles) return;
    for (const s of d.styles.styles) this.registerStyle(s);
    this.mergedDefaultPara = d.styles.styles.find((s) => s.type === 'paragraph' && s.isDefault)?.id ?? null;
  }

  private registerStyle(s: StyleInfo): void {
    if (!this.styleByName.has(s.name.toLowerCase())) this.styleByName.set(s.name.toLowerCase(), s);
    if (!this.styleById.has(s.id)) this.styleById.set(s.id, s);
    this.styleIds.add(s.id.toLowerCase());
  }

  /** The merged id for a style of document d: the same-named style when identical, else a (renamed) copy. */
  private ensureStyle(d: DocCtx, id: string): string {
    const known = d.styleMap.get(id);
    if (known !== undefined) return known;
    const s = d.styles?.byId.get(id);
    if (!s) { d.styleMap.set(id, id); return id; }
    const ex = this.styleByName.get(s.name.toLowerCase());
    // Styles carrying numbering are copied for each document so that its lists restart; with other
    // document defaults every style looks different, so all are copied.
    const themeColoured = d.colorsDiffer && /:theme(Color|Fill)=/.test(s.raw);
    if (ex && ex.type === s.type && !s.hasNumPr && !d.defaultsDiffer && !themeColoured && canonicalStyle(s, d.styles!.byId) === canonicalStyle(ex, this.styleById)) {
      d.styleMap.set(id, ex.id);
      return ex.id;
    }
    let target = s.id;
    for (let n = d.k + 1; this.styleIds.has(target.toLowerCase()); n++) target = `${s.id}${n}`;
    let name = s.name;
    for (let n = d.k + 1; this.styleByName.has(name.toLowerCase()); n++) name = `${s.name} (${n})`;
    d.styleMap.set(id, target);
    // Defaults are folded in before the rewrite, so that their theme fonts are resolved too.
    const raw = d.defaultsDiffer && !s.basedOn && (s.type === 'paragraph' || s.type === 'character')
      ? foldDefaults(s.raw, d.styles!.docDefaults, s.type, this.base?.docDefaults) : s.raw;
    const xml = rewriteXml(raw, {
      mode: 'fragment', scope: d.styles!.scope,
      hooks: { ...d.hooks, defaultPStyle: null, styleId: () => target, styleName: () => name, dropDefault: true },
    }).xml;
    const info: StyleInfo = { ...s, id: target, name, isDefault: false, raw: xml };
    this.registerStyle(info);
    this.newStyles.push(xml);
    return target;
  }

  private mergeNumbering(d: DocCtx): void {
    const part = d.parts.numbering!;
    const sp = splitTopLevel(d.src.text(part)!);
    this.numU.add(sp.rootAttrs);
    const attrOf = (a: Record<string, string>, l: string) => Object.entries(a).find(([k]) => localName(k) === l)?.[1];
    for (const c of sp.children) {
      const l = localName(c.name);
      const [map, attr] = l === 'abstractNum' ? [d.absMap, 'abstractNumId'] : l === 'num' ? [d.numMap, 'numId'] : l === 'numPicBullet' ? [d.picMap, 'numPicBulletId'] : [null, ''];
      const v = map ? attrOf(c.attrs, attr) : undefined;
      if (!map || v === undefined) continue;
      const n = Number(v);
      if (d.k === 0) {
        map.set(v, v);
        if (l === 'abstractNum') this.absMax = Math.max(this.absMax, n);
        if (l === 'num') this.numMax = Math.max(this.numMax, n);
        if (l === 'numPicBullet') this.picMax = Math.max(this.picMax, n);
      } else {
        map.set(v, String(l === 'abstractNum' ? ++this.absMax : l === 'num' ? ++this.numMax : ++this.picMax));
      }
    }
    const hooks: RewriteHooks = {
      ...d.hooks,
      defaultPStyle: null,
      rel: this.relHook(d, part, 'word/numbering.xml', this.numRels),
      abstractNum: (v) => d.absMap.get(v) ?? v,
      numPic: (v) => d.picMap.get(v) ?? v,
      nsid: d.k === 0 ? undefined : () => crypto.randomBytes(4).toString('hex').toUpperCase(),
    };
    const scope = nsDecls(sp.rootAttrs);
    for (const c of sp.children) {
      const l = localName(c.name);
      const bucket = l === 'numPicBullet' ? this.numPics : l === 'abstractNum' ? this.numAbs : l === 'num' ? this.numNums : null;
      if (!bucket) continue;
      bucket.push(rewriteXml(c.raw, { mode: 'fragment', scope, hooks }).xml);
    }
  }

  // ---------------------------------------------------------------------------------------------------
  /** The first document's package-wide parts: theme, web settings, properties, settings and fonts. */
  private takeShared(d: DocCtx): void {
    const { src } = d;
    for (const r of src.rels(d.main)) {
      if (r.external) continue;
      if (relIs(r.type, 'theme') || relIs(r.type, 'webSettings')) {
        const t = this.importPart(d, r.target);
        if (t) this.docRels.add(r.type, t, false);
      }
    }
    for (const r of src.rels('')) {
      if (r.external || !/(core-properties|extended-properties|custom-properties)$/.test(r.type)) continue;
      const t = this.importPart(d, r.target);
      if (t) this.out.rootRels.add(r.type, t, false);
    }
    if (d.parts.settings) {
      this.settingsXml = src.text(d.parts.settings) ?? null;
      for (const r of src.rels(d.parts.settings)) {
        if (r.external) this.settingsRels.add(r.type, r.target, true, r.id);
        else { const t = this.importPart(d, r.target); if (t) this.settingsRels.add(r.type, t, false, r.id); }
      }
    }
    if (d.parts.fontTable) {
      const xml = src.text(d.parts.fontTable);
      if (xml) {
        const sp = splitTopLevel(xml);
        this.fontTable = { rootName: sp.rootName, rootAttrs: sp.rootAttrs, fonts: sp.children.map((c) => c.raw), names: new Set() };
        this.fontU.add(sp.rootAttrs);
        for (const c of sp.children) this.fontTable.names.add((Object.entries(c.attrs).find(([k]) => localName(k) === 'name')?.[1] ?? '').toLowerCase());
        for (const r of src.rels(d.parts.fontTable)) {
          if (r.external) continue;
          const t = this.importPart(d, r.target);
          if (t) this.fontRels.add(r.type, t, false, r.id);
        }
      }
    }
  }

  private finish(first: DocCtx): void {
    const put = (name: string, type: string, data: string | null, rels?: RelSet) => {
      if (data === null) { this.out.parts.delete(name.toLowerCase()); return; }
      this.out.add({ name, type, data: XML_DECL + data, rels });
    };
    const W = `xmlns:w="${NS.w}"`;
    this.docU.ensure('w', NS.w);
    this.docU.ensure('r', NS.r);

    // Styles: the first document's table (defaults, latent styles) plus the copies.
    if (this.base) {
      const b = this.base;
      const styles = [...b.others, ...b.styles.map((s) => s.raw), ...this.newStyles].join('');
      put('word/styles.xml', CT.styles, `${this.stU.openTag(b.rootName)}${styles}</${b.rootName}>`);
    } else if (this.newStyles.length > 0) {
      put('word/styles.xml', CT.styles, `<w:styles ${W} xmlns:r="${NS.r}">${this.newStyles.join('')}</w:styles>`);
    } else put('word/styles.xml', CT.styles, null);
    if (this.out.has('word/styles.xml')) this.docRels.add(`${RT}/styles`, 'word/styles.xml', false);

    const hasNumbering = this.numAbs.length + this.numNums.length > 0;
    this.numU.ensure('w', NS.w);
    put('word/numbering.xml', CT.numbering, hasNumbering ? `${this.numU.openTag('w:numbering')}${this.numPics.join('')}${this.numAbs.join('')}${this.numNums.join('')}</w:numbering>` : null, this.numRels);
    if (hasNumbering) this.docRels.add(`${RT}/numbering`, 'word/numbering.xml', false);

    // Notes always get fresh separators (ids -1 and 0); the notes themselves start at 1.
    const sep = (el: string) => `<w:${el} w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:${el}>` +
      `<w:${el} w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:${el}>`;
    for (const [u, chunks, name, root, el, type, rels, rt] of [
      [this.fnU, this.fnChunks, 'word/footnotes.xml', 'w:footnotes', 'footnote', CT.footnotes, this.fnRels, 'footnotes'],
      [this.enU, this.enChunks, 'word/endnotes.xml', 'w:endnotes', 'endnote', CT.endnotes, this.enRels, 'endnotes'],
    ] as const) {
      u.ensure('w', NS.w);
      const any = chunks.length > 0;
      put(name, type, any ? `${u.openTag(root)}${sep(el)}${chunks.join('')}</${root}>` : null, rels);
      if (any) this.docRels.add(`${RT}/${rt}`, name, false);
    }
    this.cmU.ensure('w', NS.w);
    put('word/comments.xml', CT.comments, this.cmChunks.length ? `${this.cmU.openTag('w:comments')}${this.cmChunks.join('')}</w:comments>` : null, this.cmRels);
    if (this.cmChunks.length) this.docRels.add(`${RT}/comments`, 'word/comments.xml', false);
    if (this.cmChunks.length && this.cxChunks.length) {
      this.cxU.ensure('w15', 'http://schemas.microsoft.com/office/word/2012/wordml');
      this.out.add({ name: 'word/commentsExtended.xml', type: `${WML}.commentsExtended+xml`, data: XML_DECL + `${this.cxU.openTag('w15:commentsEx')}${this.cxChunks.join('')}</w15:commentsEx>` });
      this.docRels.add('http://schemas.microsoft.com/office/2011/relationships/commentsExtended', 'word/commentsExtended.xml', false);
    }

    // Settings.
    let settings: string;
    if (this.settingsXml) {
      const sp = splitTopLevel(this.settingsXml);
      const kids: string[] = [];
      let inserted = !this.evenOddGlobal;
      const pfx = prefixOf(sp.rootName) || 'w';
      for (const c of sp.children) {
        const l = localName(c.name);
        if (l === 'evenAndOddHeaders' || l === 'attachedSchema') continue;
        if (!inserted && AFTER_EVEN_ODD.has(l)) { kids.push(`<${pfx}:evenAndOddHeaders/>`); inserted = true; }
        kids.push(l === 'footnotePr' || l === 'endnotePr' ? c.raw.replace(/<[\w.-]+:(footnote|endnote)\b[^>]*\/>/g, '') : c.raw);
      }
      if (!inserted) kids.push(`<${pfx}:evenAndOddHeaders/>`);
      settings = `<${sp.rootName}${attrsToString(Object.entries(sp.rootAttrs))}>${kids.join('')}</${sp.rootName}>`;
    } else {
      settings = `<w:settings ${W}>${this.evenOddGlobal ? '<w:evenAndOddHeaders/>' : ''}</w:settings>`;
    }
    put('word/settings.xml', CT.settings, settings, this.settingsRels);
    this.docRels.add(`${RT}/settings`, 'word/settings.xml', false);

    if (this.fontTable) {
      const f = this.fontTable;
      this.fontU.ensure('r', NS.r);
      put('word/fontTable.xml', CT.fontTable, `${this.fontU.openTag(f.rootName)}${f.fonts.join('')}</${f.rootName}>`, this.fontRels);
      this.docRels.add(`${RT}/fontTable`, 'word/fontTable.xml', false);
    } else put('word/fontTable.xml', CT.fontTable, null);

    const doc = `${this.docU.openTag('w:document')}${this.background}<w:body>${this.body.join('')}</w:body></w:document>`;
    this.body.length = 0;
    put('word/document.xml', CT.document, doc, this.docRels);
    this.out.rootRels.add(`${RT}/officeDocument`, 'word/document.xml', false);
    void first;
  }

  /** The first document's w:background element (it precedes w:body), with its relationships copied. */
  private takeBackground(d: DocCtx, xml: string): string {
    const body = xml.search(/<([\w.-]+:)?body[\s>]/);
    const head = body > 0 ? xml.slice(0, body) : '';
    const m = /<([\w.-]+:)?background\b[^>]*?(\/>|>[\s\S]*?<\/\1background>)/.exec(head);
    if (!m) return '';
    return rewriteXml(m[0], {
      mode: 'fragment', scope: nsDecls(rootAttributes(xml)), stripParaIds: true,
      hooks: { ...d.hooks, rel: this.relHook(d, d.main, 'word/document.xml', this.docRels) },
    }).xml;
  }

  /** Fonts named by later documents that the first one lacks (without their embedded files). */
  addFonts(d: DocCtx): void {
    if (!this.fontTable || !d.parts.fontTable) return;
    const xml = d.src.text(d.parts.fontTable);
    if (!xml) return;
    const sp = splitTopLevel(xml);
    this.fontU.add(sp.rootAttrs);
    const scope = nsDecls(sp.rootAttrs);
    // Embedded fonts come along (font part, relationship and obfuscation key together).
    const rel = this.relHook(d, d.parts.fontTable, 'word/fontTable.xml', this.fontRels);
    for (const c of sp.children) {
      const n = (Object.entries(c.attrs).find(([k]) => localName(k) === 'name')?.[1] ?? '').toLowerCase();
      if (!n || this.fontTable.names.has(n)) continue;
      this.fontTable.names.add(n);
      this.fontTable.fonts.push(rewriteXml(c.raw, { mode: 'fragment', scope, hooks: { rel } }).xml);
    }
  }
}

export async function mergeDocx(inputs: MergeInput[], outPath: string): Promise<void> {
  await new DocxMerger().merge(inputs, outPath);
}
