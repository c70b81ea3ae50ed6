import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  StandardFonts,
  type PDFObject,
} from 'pdf-lib';
import { writeCompact } from './write-compact';
import { tidyStreamDicts } from './structure';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-compact-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A canonical form of an object graph with references followed (object numbers do not matter). */
function canon(doc: PDFDocument, o: PDFObject | undefined, seen = new Set<string>()): unknown {
  if (o instanceof PDFRef) {
    const key = o.toString();
    if (seen.has(key)) return '<cycle>';
    const target = doc.context.lookup(o);
    return canon(doc, target, new Set([...seen, key]));
  }
  if (o instanceof PDFStream) {
    const d = canon(doc, o.dict, seen) as Record<string, unknown>;
    delete d['/Length'];
    return { dict: d, data: Buffer.from(o.getContents()).toString('base64') };
  }
  if (o instanceof PDFDict) {
    const r: Record<string, unknown> = {};
    for (const [k, v] of o.entries()) r[k.asString()] = canon(doc, v, seen);
    return r;
  }
  if (o instanceof PDFArray) return o.asArray().map((v) => canon(doc, v, seen));
  return o === undefined ? null : o.toString();
}

async function sample(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([300, 200]);
  page.drawText('Compact (writer) test', { x: 20, y: 100, size: 14, font });
  const ctx = doc.context;
  const form = ctx.stream('0 0 1 rg 0 0 10 10 re f', {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 10, 10],
    FormType: 1,
    Matrix: [1, 0, 0, 1, 0, 0],
    Resources: { ProcSet: ['PDF'] },
  });
  const formRef = ctx.register(form);
  const odd = ctx.obj({
    Neg: -1.5,
    Int: 42,
    Names: [PDFName.of('A B'), PDFName.of('C#D')],
    Str: PDFString.of('a \\(paren\\) and \\\\ backslash'),
    Hex: PDFHexString.of('00ff10'),
    Nested: [[1, [2, 3]], { K: true, L: false }, []],
    Empty: {},
    Missing: PDFRef.of(9999),
    Form: formRef,
  });
  doc.catalog.set(PDFName.of('Test'), ctx.register(odd));
  return doc;
}

describe('writeCompact', () => {
  it('writes a file qpdf accepts with the same objects, the same pages and no padding', async () => {
    const doc = await sample();
    const plain = await doc.save({ useObjectStreams: true });
    const compact = writeCompact(doc, { objectsPerStream: 3 });
    const a = path.join(dir, 'plain.pdf');
    const b = path.join(dir, 'compact.pdf');
    fs.writeFileSync(a, plain);
    fs.writeFileSync(b, compact);
    expect(execFileSync('qpdf', ['--check', b], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const back = await PDFDocument.load(compact);
    const orig = await PDFDocument.load(plain);
    const test = (d: PDFDocument) => canon(d, d.catalog.get(PDFName.of('Test'))) as Record<string, unknown>;
    const want = test(orig);
    want['/Missing'] = 'null'; // a dangling reference is null (7.3.10) and is written so
    expect(test(back)).toEqual(want);
    expect(canon(back, back.getPage(0).node)).toEqual(canon(orig, orig.getPage(0).node));
    // Renumbered 1..n with no gaps: the cross-reference table has no free entries but object 0.
    const xref = execFileSync('qpdf', ['--show-xref', b], { encoding: 'utf8' }).trim().split('\n');
    expect(xref.map((l) => Number(l.split('/')[0]))).toEqual(xref.map((_, i) => i + 1));
    const txt = (f: string) => execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' });
    expect(txt(b)).toBe(txt(a));
    const png = (f: string) => execFileSync('pdftoppm', ['-r', '50', '-gray', '-png', f]);
    expect(png(b).equals(png(a))).toBe(true);
  });

  it('packs dictionaries with only the spaces tokens need', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    doc.catalog.set(PDFName.of('T'), doc.context.obj({ A: [1, 2, PDFName.of('N'), 3], B: { C: 1 } }));
    const out = writeCompact(doc, { objectsPerStream: 100 });
    const f = path.join(dir, 'tokens.pdf');
    fs.writeFileSync(f, out);
    const json = JSON.parse(execFileSync('qpdf', ['--json=1', '--json-key=objects', f], { encoding: 'utf8' }));
    const catalog = Object.values(json.objects as Record<string, Record<string, unknown>>).find(
      (o) => o['/Type'] === '/Catalog',
    );
    expect(catalog?.['/T']).toEqual({ '/A': [1, 2, '/N', 3], '/B': { '/C': 1 } });
    const objStm = /stream = (\d+)/.exec(execFileSync('qpdf', ['--show-xref', f], { encoding: 'utf8' }))![1];
    const body = execFileSync('qpdf', [`--show-object=${objStm}`, '--filtered-stream-data', f]).toString('latin1');
    expect(body).toContain('/A[1 2/N 3]/B<</C 1>>');
    expect(body).not.toMatch(/<< |\[ /);
  });
});

describe('tidyStreamDicts', () => {
  it('drops form defaults and shares identical resources, keeping the look', async () => {
    const doc = await sample();
    const ctx = doc.context;
    const second = ctx.stream('1 0 0 rg 0 0 5 5 re f', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 10, 10],
      Resources: { ProcSet: ['PDF'] },
      Filter: ['FlateDecode'],
    });
    const secondRef = ctx.register(PDFRawStream.of(second.dict, new Uint8Array(0)));
    expect(tidyStreamDicts(doc)).toBe(2);
    const forms = ctx
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFStream && o.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form'));
    const res = forms.map(([, o]) => (o as PDFStream).dict.get(PDFName.of('Resources')));
    expect(res[0]).toBeInstanceOf(PDFRef);
    expect(res[0]).toBe(res[1]);
    const first = forms[0][1] as PDFStream;
    expect(first.dict.has(PDFName.of('FormType'))).toBe(false);
    expect(first.dict.has(PDFName.of('Matrix'))).toBe(false);
    expect((ctx.lookup(secondRef) as PDFStream).dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
  });
});
