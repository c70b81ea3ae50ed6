import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAppError } from '@/lib/core/errors';
import { corpusFiles, corpusPath, describeCorpus } from '@/tests/support/corpus';
import type { JobInput } from '../../types';
import { run as merge } from './server';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import {
  buildRichPdf,
  buildTaggedPdf,
  linkTargets,
  parentTreeProblems,
  outlineLines,
  pdftotext,
  qpdfJson,
  type QpdfJson,
  type QpdfOutline,
} from '@/tests/support/pdf/merge-pdfs';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const input = (file: string, name = path.basename(file)): JobInput => ({
  path: file,
  name,
  size: fs.statSync(file).size,
  kind: 'pdf',
});
async function mergeFiles(files: string[]): Promise<string> {
  const workDir = fs.mkdtempSync(path.join(dir, 'job-'));
  return (
    await merge(
      files.map((f) => input(f)),
      {},
      { workDir },
    )
  ).path;
}
async function write(name: string, bytes: Uint8Array | Promise<Uint8Array>): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await bytes);
  return file;
}
/** 'WxH rot' of every page, as pdfinfo (poppler) reads it. */
function pageGeometry(file: string): string[] {
  const n = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(n), file]).toString();
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts.*\n.*Page\s+\d+ rot:\s+(\d+)/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
}
const pageObjects = (j: QpdfJson) =>
  Object.values(j.qpdf[1]).filter((o) => (o.value as Record<string, unknown> | undefined)?.['/Type'] === '/Page')
    .length;
const qpdf = (...args: string[]) => spawnSync('qpdf', args, { encoding: 'utf8' });
/** The logical structure as poppler lists it; OBJR object numbers (renumbered by any rewrite) masked. */
const structure = (f: string, flag = '-struct') =>
  execFileSync('pdfinfo', [flag, f], { maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .trim()
    .replace(/Object \d+ \d+/g, 'Object #');

describe('PDF merge', () => {
  let files: string[];
  let out: string;
  let j: QpdfJson;
  beforeAll(async () => {
    files = [
      await write('Alpha.pdf', buildRichPdf({ tag: 'AAA', pages: 4, fields: ['name', 'email'] })),
      await write('Beta report.pdf', buildRichPdf({ tag: 'BBB', pages: 3, fields: ['name'] })),
      await write(
        'gamma.PDF',
        buildRichPdf({ tag: 'CCC', pages: 2, fields: ['phone'], outline: false, labels: false }),
      ),
    ];
    out = await mergeFiles(files);
    j = qpdfJson(out);
  });

  it('keeps pages in list order with their sizes and rotation, and is a clean file with object streams', () => {
    expect(j.pages).toHaveLength(9);
    const text = pdftotext(out).split('\f');
    const expected = [
      ...[1, 2, 3, 4].map((p) => `AAA page ${p}`),
      ...[1, 2, 3].map((p) => `BBB page ${p}`),
      'CCC page 1',
      'CCC page 2',
    ];
    expected.forEach((t, i) => expect(text[i]).toContain(t));
    expect(pageGeometry(out)).toEqual(files.flatMap(pageGeometry));
    expect(pageGeometry(out)[1]).toMatch(/ 90$/);
    expect(qpdf('--check', out).status).toBe(0);
    expect(fs.readFileSync(out).toString('latin1')).toContain('/ObjStm');
  });

  it("puts each file's outline under an entry named after the file, pointing at the right pages", () => {
    expect(outlineLines(j.outlines)).toEqual([
      'Alpha@1',
      '  AAA Chapter 1 ✓@1',
      '  AAA Chapter 2@2',
      '    AAA Section 2.1@4',
      'Beta report@5',
      '  BBB Chapter 1 ✓@5',
      '  BBB Chapter 2@6',
      '    BBB Section 2.1@7',
      'gamma@8',
    ]);
  });

  it('keeps links and named destinations on the right pages, renaming clashing names, without extra page copies', () => {
    // Page 1 of each file links to its last page, once by explicit page, once by the named dest 'shared'.
    expect(linkTargets(j)).toEqual(['1->4', '1->4', '5->7', '5->7', '8->9', '8->9']);
    expect(pageObjects(j)).toBe(9);
    const uris = JSON.stringify(j.qpdf[1]).match(/"\/URI":"u:https:\/\/example\.org\/"/g);
    expect(uris).toHaveLength(3);
  });

  it('maps destinations written as a page index ([2 /Fit]) to the page of the same file', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 3; i++) doc.addPage([200, 200]);
    const p0 = doc.getPage(0);
    const link = doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 100], Dest: [2, PDFName.of('Fit')] }),
    );
    p0.node.set(PDFName.of('Annots'), doc.context.obj([link]));
    doc.catalog.set(
      PDFName.of('Names'),
      doc.context.obj({
        Dests: doc.context.obj({ Names: [PDFString.of('third'), doc.context.obj([2, PDFName.of('Fit')])] }),
      }),
    );
    const file = await write('index-dests.pdf', doc.save());
    const out = qpdfJson(await mergeFiles([files[0], file]));
    expect(linkTargets(out)).toEqual(['1->4', '1->4', '5->7']);
  });

  it('keeps document attachments of every file, renaming a clashing name', async () => {
    const withAttachment = async (tag: string) => {
      const doc = await PDFDocument.create();
      doc.addPage([200, 200]);
      await doc.attach(Buffer.from(`notes of ${tag}`), 'notes.txt', { mimeType: 'text/plain' });
      return write(`attach-${tag}.pdf`, doc.save());
    };
    const out = await mergeFiles([await withAttachment('one'), await withAttachment('two')]);
    const list = execFileSync('qpdf', ['--list-attachments', out]).toString();
    expect(list).toMatch(/^notes\.txt -> /m);
    expect(list).toMatch(/^notes \(2\)\.txt -> /m);
    const shown = execFileSync('qpdf', ['--show-attachment=notes (2).txt', out]).toString();
    expect(shown).toBe('notes of two');
  });

  it('keeps the logical structure (tags), each element still finding its text, around an untagged file', async () => {
    const a = await write('tagged-a.pdf', buildTaggedPdf('AAA'));
    const b = await write('tagged-b.pdf', buildTaggedPdf('BBB', 3));
    const out = await mergeFiles([a, files[2], b]);
    expect(structure(out, '-struct-text')).toBe(`${structure(a, '-struct-text')}\n${structure(b, '-struct-text')}`);
    expect(structure(out, '-struct-text')).toContain('"BBB tagged text 3"');
    // Page -> parent tree -> elements of that page (the key of file B's pages shifted past file A's).
    expect(parentTreeProblems(qpdfJson(out))).toEqual([5, []]);
    expect(execFileSync('pdfinfo', [out]).toString()).toMatch(/Tagged:\s+yes/);
    expect(qpdf('--check', out).status).toBe(0);
  });

  it('reads name trees and number trees split into /Kids nodes (as big real files write them)', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4; i++) doc.addPage([200, 200]);
    const ctx = doc.context;
    const [p0, , p2, p3] = doc.getPages().map((p) => p.ref);
    const leaf = (names: [string, unknown][]) =>
      ctx.register(
        ctx.obj({
          Limits: [PDFString.of(names[0][0]), PDFString.of(names[names.length - 1][0])],
          Names: names.flatMap(([k, v]) => [PDFString.of(k), v]) as never,
        }),
      );
    const dests = ctx.obj({
      Kids: [
        leaf([
          ['a', [p2, PDFName.of('Fit')]],
          ['shared', [p3, PDFName.of('Fit')]],
        ]),
        leaf([['z', [p0, PDFName.of('Fit')]]]),
      ],
    });
    doc.catalog.set(PDFName.of('Names'), ctx.obj({ Dests: ctx.register(dests) }));
    const link = ctx.register(
      ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], Dest: PDFString.of('shared') }),
    );
    const link2 = ctx.register(
      ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 60, 50, 110], A: { S: 'GoTo', D: PDFString.of('a') } }),
    );
    doc.getPage(0).node.set(PDFName.of('Annots'), ctx.obj([link, link2]));
    const nums = (entries: [number, Record<string, unknown>][]) =>
      ctx.register(
        ctx.obj({
          Limits: [entries[0][0], entries[entries.length - 1][0]],
          Nums: entries.flatMap(([k, v]) => [k, ctx.obj(v as never)]) as never,
        }),
      );
    doc.catalog.set(
      PDFName.of('PageLabels'),
      ctx.obj({ Kids: [nums([[0, { S: 'A' }]]), nums([[2, { S: 'R', St: 5 }]])] }),
    );
    const file = await write('kids-trees.pdf', doc.save());
    const out = qpdfJson(await mergeFiles([files[2], file]));
    // gamma.PDF (2 pages) first: 'shared' clashes and is renamed, and still leads to the file's last page.
    expect(linkTargets(out)).toEqual(['1->2', '1->2', '3->6', '3->5']);
    expect(out.pagelabels.map((l) => [l.index, l.label['/S']])).toEqual([
      [0, '/D'],
      [2, '/A'],
      [4, '/R'],
    ]);
  });

  it('merges form fields, renaming clashing names and keeping values', () => {
    expect(j.acroform.fields.map((f) => [f.fullname, f.value, f.pageposfrom1])).toEqual([
      ['name', 'u:AAA:name', 1],
      ['email', 'u:AAA:email', 2],
      ['name_2', 'u:BBB:name', 5],
      ['phone', 'u:CCC:phone', 8],
    ]);
  });

  it('keeps page labels per file, plain numbers for a file that had none', () => {
    // qpdf gives each page its effective label: style, prefix and number (i, ii, A-1, A-2 | i, ii, A-1 | 1, 2).
    const shown = j.pages.map(
      (p) => `${String(p.label?.['/P'] ?? '').replace(/^u:/, '')}${String(p.label?.['/S'])}${String(p.label?.['/St'])}`,
    );
    expect(shown).toEqual(['/r1', '/r2', 'A-/D1', 'A-/D2', '/r1', '/r2', 'A-/D1', '/D1', '/D2']);
    expect(j.pagelabels.map((l) => l.index)).toEqual([0, 2, 4, 6, 7]);
  });

  it('accepts a file with an empty user password when its author allows assembly, and refuses fewer than 2 files', async () => {
    const open = path.join(dir, 'open.pdf');
    execFileSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', files[2], open]);
    const o = await mergeFiles([files[0], open]);
    expect(pdftotext(o)).toContain('CCC page 2');
    const restricted = path.join(dir, 'restricted.pdf');
    execFileSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--modify=none', '--', files[2], restricted]);
    await expect(mergeFiles([files[0], restricted])).rejects.toMatchObject({
      message: '"restricted.pdf" is protected against changes by its author. Remove the protection and try again.',
    });
    const locked = path.join(dir, 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'user-pw', 'owner-pw', '256', '--', files[2], locked]);
    await expect(mergeFiles([locked, files[0]])).rejects.toMatchObject({
      message: '"locked.pdf" is password-protected. Remove the password and try again.',
    });
    await expect(mergeFiles([files[0]])).rejects.toMatchObject({ name: 'AppError' });
  });

  it('merges a damaged file only from a repaired copy, and says so', async () => {
    // Page 3's object is overwritten with garbage: the page tree still lists it.
    const bytes = Buffer.from(await buildRichPdf({ tag: 'DDD', pages: 3, outline: false, labels: false }));
    const raw = bytes.toString('latin1');
    const page3 = /\/Kids \[ (\d+) 0 R (\d+) 0 R (\d+) 0 R \]/.exec(raw)![3];
    const damaged = raw.replace(new RegExp(`\\n${page3} 0 obj\\n<<`), (m) => m.replace('<<', '[['));
    const file = await write('damaged.pdf', Buffer.from(damaged, 'latin1'));
    await expect(mergeFiles([files[0], file])).rejects.toMatchObject({
      message: '"damaged.pdf" is damaged: only 2 of its 3 pages can be read.',
    });
    // A file whose cross-reference table is broken is repaired, merged whole, and the visitor is told.
    const good = Buffer.from(await buildRichPdf({ tag: 'EEE', pages: 2, outline: false, labels: false })).toString(
      'latin1',
    );
    const broken = await write(
      'broken xref.pdf',
      Buffer.from(good.replace(/startxref\s+\d+/, 'startxref\n999999'), 'latin1'),
    );
    const workDir = fs.mkdtempSync(path.join(dir, 'job-'));
    const res = await merge([input(files[0]), input(broken)], {}, { workDir });
    expect(res.notice).toBe('"broken xref.pdf" was damaged and had to be repaired: check its pages in the result.');
    expect(qpdf('--show-npages', res.path).stdout.trim()).toBe('6');
    expect(qpdf('--check', res.path).status).toBe(0);
    expect(pdftotext(res.path)).toContain('EEE page 2');
  });
});

describeCorpus('PDF merge on real files', () => {
  it('merges the outlined book, the 1040 form twice and a small file with every page, bookmark and field', async () => {
    const book = corpusPath('pdf', 'pdfjs-freeculture.pdf');
    const form = corpusPath('pdf', 'pdfjs-prefilled_f1040.pdf');
    const small = corpusPath('pdf', 'qtpdf5-test.pdf');
    const out = await mergeFiles([small, book, form, form]);
    const j = qpdfJson(out);
    const [js, jb, jf] = [qpdfJson(small), qpdfJson(book), qpdfJson(form)];
    expect(j.pages).toHaveLength(js.pages.length + jb.pages.length + 2 * jf.pages.length);
    expect(pageObjects(j)).toBe(j.pages.length);
    const shift = (lines: string[], by: number) =>
      lines.map((l) => `  ${l.replace(/@(\d+)$/, (_, n) => `@${Number(n) + by}`)}`);
    const bookStart = js.pages.length + 1;
    const lines = outlineLines(j.outlines);
    expect(lines.slice(0, 1 + outlineLines(js.outlines).length)).toEqual([
      'qtpdf5-test@1',
      ...shift(outlineLines(js.outlines), 0),
    ]);
    const b = lines.indexOf(`pdfjs-freeculture@${bookStart}`);
    expect(b).toBeGreaterThan(-1);
    expect(lines.slice(b + 1, b + 1 + outlineLines(jb.outlines).length)).toEqual(
      shift(outlineLines(jb.outlines), js.pages.length),
    );
    // Open/closed state of every bookmark kept (qpdf derives it from the sign of /Count).
    const opens = (items: QpdfOutline[]): boolean[] => items.flatMap((o) => [o.open, ...opens(o.kids)]);
    const bookEntry = j.outlines.find((o) => o.title === 'pdfjs-freeculture')!;
    expect(opens(bookEntry.kids)).toEqual(opens(jb.outlines));
    // Two copies of the same form: the second copy's fields are renamed, values kept.
    const n = jf.acroform.fields.length;
    expect(j.acroform.fields).toHaveLength(2 * n);
    const distinct = (fs: { fullname: string }[]) => new Set(fs.map((f) => f.fullname)).size;
    expect(distinct(j.acroform.fields)).toBe(2 * distinct(jf.acroform.fields));
    expect(j.acroform.fields.slice(n).map((f) => f.value)).toEqual(jf.acroform.fields.map((f) => f.value));
    expect(j.acroform.fields.slice(0, n).map((f) => f.fullname)).toEqual(jf.acroform.fields.map((f) => f.fullname));
    expect(linkTargets(j).filter((t) => t.includes('?'))).toEqual([]);
    // Text of the first and last page of each input, at its place in the result (poppler).
    let offset = 0;
    for (const [f, n] of [
      [small, js.pages.length],
      [book, jb.pages.length],
      [form, jf.pages.length],
      [form, jf.pages.length],
    ] as const) {
      expect(pdftotext(out, undefined, offset + 1)).toBe(pdftotext(f, undefined, 1));
      expect(pdftotext(out, undefined, offset + n)).toBe(pdftotext(f, undefined, n));
      offset += n;
    }
    expect(qpdf('--check', out).status).toBe(0);
  });

  it('keeps the logical structure (tags) of the 1040 form, twice, around an untagged file', async () => {
    const form = corpusPath('pdf', 'pdfjs-prefilled_f1040.pdf');
    const out = await mergeFiles([form, corpusPath('pdf', 'qtpdf5-test.pdf'), form]);
    const one = structure(form);
    expect(one.split('\n').length).toBeGreaterThan(1000);
    // pdfinfo lists the merged tree: the form's elements twice, nothing from the untagged file.
    expect(structure(out)).toBe(`${one}\n${one}`);
    expect(parentTreeProblems(qpdfJson(out))).toEqual([4, []]);
    expect(qpdf('--check', out).status).toBe(0);
  });

  it('gives every bad PDF a clear error naming it, or a correct result', async () => {
    const good = corpusPath('pdf', 'qtpdf5-test.pdf');
    for (const file of corpusFiles('bad', '.pdf')) {
      const name = path.basename(file);
      try {
        const out = await mergeFiles([good, file]);
        // poppler is the third reader: qpdf 11 fails on some files pdf-lib and poppler read.
        const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
        expect(Number(qpdf('--show-npages', out).stdout.trim())).toBe(3 + pages);
        expect(pdftotext(out)).toContain(pdftotext(file).trim().split('\n')[0]);
      } catch (e) {
        if (!isAppError(e)) throw new Error(`${name}: ${String(e)}`);
        expect(e.message).toMatch(
          new RegExp(
            `^"${name.replace(/\./g, '\\.')}" (is password-protected|is damaged|is protected against changes|has no pages)`,
          ),
        );
      }
    }
    const msg = async (n: string) =>
      mergeFiles([good, corpusPath('bad', n)]).then(
        () => 'ok',
        (e: Error) => e.message,
      );
    expect(await msg('pdfjs-Pages-tree-refs-loop.pdf')).toBe(
      '"pdfjs-Pages-tree-refs-loop.pdf" is damaged and cannot be read.',
    );
    expect(await msg('pdfjs-issue3371-aes128-pw.pdf')).toBe(
      '"pdfjs-issue3371-aes128-pw.pdf" is password-protected. Remove the password and try again.',
    );
    expect(await msg('pdfjs-empty_protected.pdf')).toMatch(/protected against changes by its author/);
    expect(await msg('shattered-1.pdf')).toBe('ok');
  });
});
