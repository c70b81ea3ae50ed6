// Word merge: documents in order, each from a new page (next-page section break), each keeping its sections,
// headers/footers, styles, lists, media, charts, OLE objects, SmartArt, notes and comments. The first
// document gives the shared parts (theme, settings, fonts, document defaults); every document's body goes
// through one streaming rewrite (rewriter.ts) that renumbers ids against the merged package.
import { AppError } from '@/lib/core/errors';
import { openPackage, type OfficePackage } from '@/lib/office/package-reader';
import { OutPackage, RelSet } from '@/lib/office/out-package';
import { SourcePackage } from '@/lib/office/source-package';
import { attrsToString, localName, splitTopLevel } from '@/lib/office/xml';
import { rewriteXml, type RewriteHooks } from './rewriter';
import { canonicalDefaults, parseStyles, type StyleInfo, type StyleTable } from './styles';
import { NsUnion, rootAttributes } from './ns-union';
import { inParallel, readThemeColours, readThemeFonts, relIs, type ThemeFonts } from './parts';
import { sectPr } from './sections';
import { initStyles, ensureStyle, mergeNumbering, addFonts } from './merge-styles';
import { takeShared, finish, takeBackground } from './shared-parts';
import { relHook } from './part-import';
import type { DocCtx, MergeInput } from './merge-types';

export type { MergeInput } from './merge-types';

export class DocxMerger {
  readonly out = new OutPackage();
  readonly docRels = new RelSet();
  readonly numberingRels = new RelSet();
  readonly footnoteRels = new RelSet();
  readonly endnoteRels = new RelSet();
  readonly commentRels = new RelSet();
  readonly documentNs = new NsUnion();
  readonly footnoteNs = new NsUnion();
  readonly endnoteNs = new NsUnion();
  readonly commentNs = new NsUnion();
  readonly numberingNs = new NsUnion();
  readonly stylesNs = new NsUnion();
  readonly body: string[] = [];
  readonly footnoteXml: string[] = [];
  readonly endnoteXml: string[] = [];
  readonly commentXml: string[] = [];
  readonly numPicBullets: string[] = [];
  readonly abstractNums: string[] = [];
  readonly nums: string[] = [];
  numMax = 0;
  absMax = -1;
  picMax = -1;
  footnoteCount = 0;
  endnoteCount = 0;
  /** Comment ids live far above note ids: LibreOffice 7.4 loses footnotes when a comment id equals a footnote id. */
  commentCount = 99_999;
  annMax = -1;
  docPr = 0;
  /** Paragraph ids (w14:paraId, below 0x80000000) renumbered through the document. */
  paraCount = 0;
  readonly commentsExNs = new NsUnion();
  readonly commentExXml: string[] = [];
  readonly usedBookmarks = new Set<string>();
  readonly hashIndex = new Map<string, string>();
  evenOddGlobal = false;
  emptyParts: { header?: string; footer?: string } = {};
  // Merged styles.
  base: StyleTable | null = null;
  readonly styleByName = new Map<string, StyleInfo>();
  readonly styleById = new Map<string, StyleInfo>();
  readonly styleIds = new Set<string>();
  readonly newStyles: string[] = [];
  mergedDefaultPara: string | null = null;
  // Shared parts from the first document.
  settingsXml: string | null = null;
  settingsRels = new RelSet();
  fontTable: { rootName: string; rootAttrs: Record<string, string>; fonts: string[]; names: Set<string> } | null = null;
  fontRels = new RelSet();
  baseTheme: ThemeFonts | null = null;
  baseColours = '';
  readonly fontTableNs = new NsUnion();
  /** The first document's page background (w:background), written before the body. */
  background = '';

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
      for (const name of [
        'word/document.xml',
        'word/styles.xml',
        'word/numbering.xml',
        'word/settings.xml',
        'word/fontTable.xml',
        'word/footnotes.xml',
        'word/endnotes.xml',
        'word/comments.xml',
      ])
        this.out.add({ name, type: '', data: '' });
      for (const d of docs) {
        try {
          await this.mergeDoc(d, d.k === docs.length - 1);
        } catch (err) {
          if (err instanceof AppError) throw err;
          throw new AppError('UNPROCESSABLE', `"${d.fileName}" is damaged or not a valid Word document.`);
        }
      }
      finish(this, docs[0]);
      await this.out.write(outPath);
    } finally {
      for (const p of pkgs) await p.close();
    }
  }

  // ---------------------------------------------------------------------------------------------------
  async prepare(pkg: OfficePackage, k: number): Promise<DocCtx> {
    const src = await SourcePackage.load(pkg);
    const main = pkg.mainPart!;
    const find = (kind: string) =>
      src.rels(main).find((r) => !r.external && relIs(r.type, kind) && src.resolve(r.target))?.target ?? null;
    const parts = {
      styles: find('styles'),
      numbering: find('numbering'),
      footnotes: find('footnotes'),
      endnotes: find('endnotes'),
      comments: find('comments'),
      settings: find('settings'),
      fontTable: find('fontTable'),
      commentsExtended: find('commentsExtended'),
    };
    let evenOdd = false;
    if (parts.settings) {
      await src.loadText(parts.settings);
      const m = /<[\w.-]+:evenAndOddHeaders\b([^>]*)>/.exec(src.text(parts.settings) ?? '');
      evenOdd = !!m && !/:val="(false|0|off)"/.test(m[1]);
    }
    const ctx = {
      k,
      src,
      fileName: pkg.fileName,
      main,
      parts,
      evenOdd,
      styles: null,
      styleMap: new Map(),
      numMap: new Map(),
      absMap: new Map(),
      picMap: new Map(),
      fnMap: new Map(),
      enMap: new Map(),
      cmMap: new Map(),
      bookmarks: new Map(),
      annOffset: 0,
      defaultPStyle: null,
      partMap: new Map(),
      relMemo: new Map(),
      sectIndex: 0,
      hooks: {},
      defaultsDiffer: false,
      themeFonts: null,
      paraMap: new Map(),
      colorsDiffer: false,
    } as DocCtx;
    return ctx;
  }

  async loadDoc(d: DocCtx): Promise<void> {
    const { src } = d;
    const texts = [d.main, ...Object.values(d.parts).filter((p): p is string => !!p)];
    const theme = src.rels(d.main).find((r) => !r.external && relIs(r.type, 'theme'))?.target;
    if (theme) texts.push(theme);
    const seen = new Set<string>();
    const hashed: string[] = [];
    // Parts reachable from the stories; package-wide parts (fonts, theme, settings) come from the first
    // document only and are not walked for the others.
    const skip =
      /\/(fontTable|settings|theme|webSettings|styles|stylesWithEffects|glossaryDocument|customXml|people|commentsExtended|commentsIds|commentsExtensible|attachedTemplate)$/;
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
    await inParallel(
      texts.filter((p) => src.resolve(p)),
      6,
      (p) => src.loadText(p),
    );
    await inParallel(
      hashed.filter((p) => src.resolve(p) && !src.text(p)),
      6,
      (p) => src.loadHash(p),
    );
  }

  async mergeDoc(d: DocCtx, last: boolean): Promise<void> {
    await this.loadDoc(d);
    const { src } = d;
    d.hooks = this.storyHooks(d);
    if (d.k > 0) addFonts(this, d);

    // Styles.
    if (d.parts.styles) {
      d.styles = parseStyles(src.text(d.parts.styles)!);
      this.stylesNs.add(d.styles.rootAttrs);
    }
    if (d.k === 0) initStyles(this, d);
    const theme = src.rels(d.main).find((r) => !r.external && relIs(r.type, 'theme'))?.target;
    d.themeFonts = readThemeFonts(theme ? src.text(theme) : undefined);
    const colours = readThemeColours(theme ? src.text(theme) : undefined);
    if (d.k === 0) {
      this.baseTheme = d.themeFonts;
      this.baseColours = colours;
    }
    d.colorsDiffer = d.k > 0 && colours !== '' && colours !== this.baseColours;
    if (d.colorsDiffer) d.hooks.resolveThemeColors = true;
    const themeDiffers = d.k > 0 && !!d.themeFonts && JSON.stringify(d.themeFonts) !== JSON.stringify(this.baseTheme);
    if (themeDiffers) d.hooks.themeFont = (ref) => d.themeFonts?.[ref] || null;
    d.defaultsDiffer =
      d.k > 0 && !!d.styles && (themeDiffers || canonicalDefaults(d.styles) !== canonicalDefaults(this.base));

    // Numbering ids first: styles and bodies refer to them.
    if (d.parts.numbering) mergeNumbering(this, d);

    if (d.k > 0 && d.styles) {
      const def = d.styles.styles.find((s) => s.type === 'paragraph' && s.isDefault);
      if (def) {
        const t = ensureStyle(this, d, def.id);
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
      do {
        nn = `${n.slice(0, 36)}_${i++}`;
      } while (this.usedBookmarks.has(nn) || names.has(nn));
      d.bookmarks.set(n, nn);
    }
    d.annOffset = this.annMax + 1;

    // Body.
    const mainXml = src.text(d.main)!;
    const extra = this.documentNs.add(rootAttributes(mainXml));
    if (d.k === 0) this.background = takeBackground(this, d, mainXml);
    const res = rewriteXml(mainXml, {
      mode: 'body',
      stripParaIds: true,
      extraDecls: extra,
      hooks: {
        ...d.hooks,
        rel: relHook(this, d, d.main, 'word/document.xml', this.docRels),
        sectPr: (s) => sectPr(this, d, s),
      },
    });
    src.dropText(d.main);
    let finalSect = res.finalSectPr;
    if (finalSect === null) finalSect = sectPr(this, d, { qname: 'w:sectPr', attrs: {}, children: [], final: true });
    const tail = res.tailBreak;
    if (last) this.body.push(res.xml, finalSect);
    else if (tail) {
      // The section break goes into the document's last paragraph: no extra paragraph, no risk of a blank page.
      const sect = tail.wrap ? `<${tail.prefix}:pPr>${finalSect}</${tail.prefix}:pPr>` : finalSect;
      this.body.push(res.xml.slice(0, tail.at), sect, res.xml.slice(tail.at));
    } else {
      // The document ends with a table or another block: a 1 pt paragraph carries the break.
      this.body.push(
        res.xml,
        `<w:p${extra}><w:pPr><w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/>` +
          `<w:rPr><w:sz w:val="2"/><w:szCs w:val="2"/></w:rPr>${finalSect}</w:pPr></w:p>`,
      );
    }

    // Notes and comments: only those referenced, with new ids.
    const notes: Array<[string | null, string, NsUnion, string[], RelSet, Map<string, string>]> = [
      [d.parts.footnotes, 'word/footnotes.xml', this.footnoteNs, this.footnoteXml, this.footnoteRels, d.fnMap],
      [d.parts.endnotes, 'word/endnotes.xml', this.endnoteNs, this.endnoteXml, this.endnoteRels, d.enMap],
      [d.parts.comments, 'word/comments.xml', this.commentNs, this.commentXml, this.commentRels, d.cmMap],
    ];
    for (const [part, outName, union, chunks, rels, map] of notes) {
      if (!part || map.size === 0) continue;
      const xml = src.text(part);
      if (!xml) continue;
      const ex = union.add(rootAttributes(xml));
      const r = rewriteXml(xml, {
        mode: 'notes',
        stripParaIds: true,
        extraDecls: ex,
        hooks: { ...d.hooks, rel: relHook(this, d, part, outName, rels), noteDef: (id) => map.get(id) ?? null },
      });
      chunks.push(r.xml);
    }
    // Reply threads and resolved state of comments (w15:commentEx), keyed by the comments' paragraph ids.
    const cx = d.parts.commentsExtended ? src.text(d.parts.commentsExtended) : undefined;
    if (cx && d.cmMap.size > 0) {
      const sp = splitTopLevel(cx);
      this.commentsExNs.add(sp.rootAttrs);
      for (const c of sp.children) {
        const entries = Object.entries(c.attrs);
        const para = entries.find(([k]) => localName(k) === 'paraId');
        const mapped = para ? d.paraMap.get(para[1]) : undefined;
        if (!para || !mapped) continue;
        const attrs = entries.flatMap(([k, v]): Array<[string, string]> => {
          const l = localName(k);
          if (l === 'paraId') return [[k, mapped]];
          if (l === 'paraIdParent') {
            const p = d.paraMap.get(v);
            return p ? [[k, p]] : [];
          }
          return [[k, v]];
        });
        this.commentExXml.push(`<${c.name}${attrsToString(attrs)}/>`);
      }
    }
    for (const n of names) this.usedBookmarks.add(d.bookmarks.get(n) ?? n);
    if (d.k === 0) takeShared(this, d);
  }

  // ---------------------------------------------------------------------------------------------------
  storyHooks(d: DocCtx): RewriteHooks {
    const lazy =
      (map: Map<string, string>, next: () => number, fmt: (n: number) => string = String) =>
      (v: string) => {
        let n = map.get(v);
        if (n === undefined) {
          n = fmt(next());
          map.set(v, n);
        }
        return n;
      };
    const hex8 = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
    return {
      style: d.k === 0 ? undefined : (v) => ensureStyle(this, d, v),
      num: (v) => d.numMap.get(v) ?? v,
      footnote: lazy(d.fnMap, () => ++this.footnoteCount),
      endnote: lazy(d.enMap, () => ++this.endnoteCount),
      comment: lazy(d.cmMap, () => ++this.commentCount),
      annId: (v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0) return v;
        const nv = n + d.annOffset;
        if (nv > this.annMax) this.annMax = nv;
        return String(nv);
      },
      bookmark: (v) => d.bookmarks.get(v) ?? v,
      fieldCode: (code) =>
        d.bookmarks.size === 0 ? code : code.replace(/[A-Za-z_][\w]*/g, (t) => d.bookmarks.get(t) ?? t),
      docPrId: () => String(++this.docPr),
      paraId: lazy(d.paraMap, () => ++this.paraCount, hex8),
      defaultPStyle: d.defaultPStyle,
    };
  }
}

export async function mergeDocx(inputs: MergeInput[], outPath: string): Promise<void> {
  await new DocxMerger().merge(inputs, outPath);
}
