// Test support (not loaded by the app): builds real PDFs with what naive merging loses, and reads results back
// with the system qpdf (an independent reader). Used by the merge/lock unit tests, fixtures and bench.
import { execFileSync } from 'node:child_process';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFString,
  StandardFonts,
  degrees,
} from 'pdf-lib';

export interface RichOptions {
  /** Text put on every page and in titles: lets a test find which input a page came from. */
  tag: string;
  pages?: number;
  /** Field names of the form (one text field each, value `${tag}:${name}`). */
  fields?: string[];
  labels?: boolean;
  outline?: boolean;
}

const SIZES: [number, number][] = [
  [595, 842],
  [612, 792],
  [842, 595],
  [420, 595],
];

/**
 * Pages of mixed sizes, page 2 rotated 90; an outline (explicit dest, named dest, nested item); a link to the
 * last page by explicit dest and one by the named destination 'shared' (the same name in every file, so merges
 * must rename it); a URI link; form text fields; page labels (roman, then 'A-1'...); document info.
 */
export async function buildRichPdf(o: RichOptions): Promise<Uint8Array> {
  const n = o.pages ?? 4;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = doc.context;
  doc.setTitle(`${o.tag} title`);
  doc.setAuthor('Test Author');
  for (let i = 0; i < n; i++) {
    const page = doc.addPage(SIZES[i % SIZES.length]);
    if (i === 1) page.setRotation(degrees(90));
    page.drawText(`${o.tag} page ${i + 1}`, { x: 40, y: page.getHeight() - 60, size: 18, font });
  }
  const refs = doc.getPages().map((p) => p.ref);
  const last = refs[n - 1];
  const dest = (ref: PDFRef) => ctx.obj([ref, PDFName.of('XYZ'), null, null, null]);

  // Named destinations in the name tree: 'shared' (clashes across files) and 'second'.
  doc.catalog.set(
    PDFName.of('Names'),
    ctx.obj({
      Dests: ctx.obj({ Names: [PDFString.of('second'), dest(refs[1]), PDFString.of('shared'), dest(last)] }),
    }),
  );

  const annots = (page: PDFRef) => {
    const d = ctx.lookup(page, PDFDict);
    let a = d.lookup(PDFName.of('Annots'));
    if (!(a instanceof PDFArray)) {
      a = ctx.obj([]);
      d.set(PDFName.of('Annots'), a);
    }
    return a as PDFArray;
  };
  const link = (page: PDFRef, y: number, extra: Record<string, unknown>) =>
    annots(page).push(
      ctx.register(
        ctx.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [40, y, 300, y + 20],
          Border: [0, 0, 0],
          P: page,
          ...extra,
        } as never),
      ),
    );
  link(refs[0], 700, { Dest: dest(last) });
  link(refs[0], 660, { A: ctx.obj({ S: 'GoTo', D: PDFString.of('shared') }) });
  link(refs[0], 620, { A: ctx.obj({ S: 'URI', URI: PDFString.of('https://example.org/') }) });

  if (o.outline !== false) {
    const outlines = ctx.nextRef();
    const [a, b, c] = [ctx.nextRef(), ctx.nextRef(), ctx.nextRef()];
    ctx.assign(
      a,
      ctx.obj({ Title: PDFHexString.fromText(`${o.tag} Chapter 1 ✓`), Parent: outlines, Next: b, Dest: dest(refs[0]) }),
    );
    ctx.assign(
      b,
      ctx.obj({
        Title: PDFString.of(`${o.tag} Chapter 2`),
        Parent: outlines,
        Prev: a,
        First: c,
        Last: c,
        Count: 1,
        Dest: PDFString.of('second'),
      }),
    );
    ctx.assign(
      c,
      ctx.obj({
        Title: PDFString.of(`${o.tag} Section 2.1`),
        Parent: b,
        A: ctx.obj({ S: 'GoTo', D: PDFString.of('shared') }),
      }),
    );
    ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: a, Last: b, Count: 3 }));
    doc.catalog.set(PDFName.of('Outlines'), outlines);
  }
  if (o.labels !== false) {
    doc.catalog.set(
      PDFName.of('PageLabels'),
      ctx.obj({
        Nums: [0, ctx.obj({ S: 'r' }), 2, ctx.obj({ S: 'D', P: PDFString.of('A-') })],
      }),
    );
  }
  if (o.fields?.length) {
    const form = doc.getForm();
    o.fields.forEach((name, i) => {
      const f = form.createTextField(name);
      f.setText(`${o.tag}:${name}`);
      f.addToPage(doc.getPage(Math.min(i, n - 1)), { x: 40, y: 400 - 40 * i, width: 200, height: 24, font });
    });
  }
  return doc.save({ useObjectStreams: false });
}

/** A tagged PDF: a Document element with one P per page, each marking the page's text (MCID 0). */
export async function buildTaggedPdf(tag: string, pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = doc.context;
  const root = ctx.nextRef();
  const top = ctx.nextRef();
  const elems: PDFRef[] = [];
  const nums: unknown[] = [];
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 200]);
    const f = page.node.newFontDictionary('F', font.ref);
    const text = `${tag} tagged text ${i + 1}`;
    page.node.set(
      PDFName.of('Contents'),
      ctx.register(ctx.flateStream(`/P <</MCID 0>> BDC BT ${f.toString()} 14 Tf 20 100 Td (${text}) Tj ET EMC`)),
    );
    page.node.set(PDFName.of('StructParents'), ctx.obj(i));
    const el = ctx.register(ctx.obj({ Type: 'StructElem', S: 'P', P: top, Pg: page.ref, K: 0 }));
    elems.push(el);
    nums.push(i, [el]);
  }
  ctx.assign(top, ctx.obj({ Type: 'StructElem', S: 'Document', P: root, K: elems }));
  ctx.assign(
    root,
    ctx.obj({ Type: 'StructTreeRoot', K: top, ParentTree: ctx.obj({ Nums: nums as never }), ParentTreeNextKey: pages }),
  );
  doc.catalog.set(PDFName.of('StructTreeRoot'), root);
  doc.catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }));
  return doc.save({ useObjectStreams: false });
}

// ---- reading results back with the system qpdf ----

export function qpdfJson(file: string, password?: string): QpdfJson {
  const args = ['--json=2', ...(password ? [`--password=${password}`] : []), file];
  return JSON.parse(execFileSync('qpdf', args, { maxBuffer: 512 * 1024 * 1024 }).toString()) as QpdfJson;
}

export interface QpdfJson {
  pages: { object: string; label: Record<string, unknown> | null }[];
  pagelabels: { index: number; label: Record<string, unknown> }[];
  outlines: QpdfOutline[];
  acroform: {
    hasacroform: boolean;
    needappearances: boolean;
    fields: { fullname: string; value: unknown; pageposfrom1: number }[];
  };
  qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }>];
}
export interface QpdfOutline {
  title: string;
  open: boolean;
  destpageposfrom1: number | null;
  kids: QpdfOutline[];
  dest: unknown;
}

/** Outline as 'title@page' lines, indented by depth. */
export function outlineLines(items: QpdfOutline[], depth = 0): string[] {
  return items.flatMap((o) => [
    `${'  '.repeat(depth)}${o.title}@${o.destpageposfrom1}`,
    ...outlineLines(o.kids, depth + 1),
  ]);
}

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.replace(/^u:|^b:/, '') : undefined);

/** Every /Link annotation of every page as 'fromPage->toPage' (1-based), resolving explicit and named dests. */
export function linkTargets(j: QpdfJson): string[] {
  const objs = j.qpdf[1];
  const get = (ref: unknown): unknown =>
    typeof ref === 'string' && /^\d+ \d+ R$/.test(ref) ? objs[`obj:${ref}`]?.value : ref;
  const pagePos = new Map(j.pages.map((p, i) => [p.object, i + 1]));
  const names = new Map<string, unknown>();
  const root = get((objs['trailer']?.value as Obj)['/Root']) as Obj;
  const collect = (node: Obj | undefined) => {
    if (!node) return;
    const arr = get(node['/Names']) as unknown[] | undefined;
    if (arr) for (let i = 0; i + 1 < arr.length; i += 2) names.set(str(arr[i])!, get(arr[i + 1]));
    for (const k of (get(node['/Kids']) as unknown[] | undefined) ?? []) collect(get(k) as Obj);
  };
  collect(get((get(root['/Names']) as Obj | undefined)?.['/Dests']) as Obj | undefined);
  const resolve = (d: unknown): number | string => {
    let v = get(d);
    if (typeof v === 'string') v = names.get(str(v)!) ?? names.get(v.replace(/^\//, ''));
    v = get(v);
    if (v && !Array.isArray(v) && typeof v === 'object') v = get((v as Obj)['/D']);
    return Array.isArray(v) ? (pagePos.get(v[0] as string) ?? `?${String(v[0])}`) : `?${String(d)}`;
  };
  const out: string[] = [];
  j.pages.forEach((p, i) => {
    const page = get(p.object) as Obj;
    for (const a of (get(page['/Annots']) as unknown[] | undefined) ?? []) {
      const an = get(a) as Obj;
      if (an['/Subtype'] !== '/Link') continue;
      const act = get(an['/A']) as Obj | undefined;
      if (an['/Dest'] !== undefined) out.push(`${i + 1}->${resolve(an['/Dest'])}`);
      else if (act?.['/S'] === '/GoTo') out.push(`${i + 1}->${resolve(act['/D'])}`);
    }
  });
  return out;
}

/** Text of the file (or of pages first..last) as poppler reads it. */
/**
 * Checks the parent tree the way a screen reader uses it: each page's /StructParents key must lead to
 * elements of that very page. Returns [pages checked, problems].
 */
export function parentTreeProblems(j: QpdfJson): [number, string[]] {
  const objs = j.qpdf[1];
  const get = (ref: unknown): unknown =>
    typeof ref === 'string' && /^\d+ \d+ R$/.test(ref) ? objs[`obj:${ref}`]?.value : ref;
  const root = get((objs['trailer']?.value as Obj)['/Root']) as Obj;
  const str = get(root['/StructTreeRoot']) as Obj | undefined;
  if (!str) return [0, ['no structure tree']];
  const entries = new Map<number, unknown>();
  const collect = (node: Obj | undefined) => {
    if (!node) return;
    const nums = get(node['/Nums']) as unknown[] | undefined;
    if (nums) for (let i = 0; i + 1 < nums.length; i += 2) entries.set(nums[i] as number, get(nums[i + 1]));
    for (const k of (get(node['/Kids']) as unknown[] | undefined) ?? []) collect(get(k) as Obj);
  };
  collect(get(str['/ParentTree']) as Obj);
  const problems: string[] = [];
  let checked = 0;
  j.pages.forEach((p, i) => {
    const page = get(p.object) as Obj;
    const key = page['/StructParents'];
    if (typeof key !== 'number') return;
    checked++;
    const els = entries.get(key);
    if (!Array.isArray(els)) {
      problems.push(`page ${i + 1}: key ${key} missing`);
      return;
    }
    for (const e of els) {
      const pg = (get(e) as Obj | null)?.['/Pg'];
      if (pg !== undefined && pg !== p.object)
        problems.push(`page ${i + 1}: key ${key} has an element of ${String(pg)}`);
    }
  });
  return [checked, problems];
}

export function pdftotext(file: string, password?: string, first?: number, last?: number): string {
  const range = first ? ['-f', String(first), '-l', String(last ?? first)] : [];
  return execFileSync('pdftotext', [...(password ? ['-upw', password] : []), ...range, '-layout', file, '-'], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
}
