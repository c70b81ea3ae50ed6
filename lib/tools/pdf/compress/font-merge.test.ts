// Duplicate Type 1C and TrueType subsets merged into one program (issue 15), on a real TeXmacs book whose
// Helvetica is embedded 147 times and on Beamer slides with 38 DejaVuSerif subsets: pages must render pixel for pixel the same (poppler, an independent reader) and
// pdftotext must read the same text; subsets that are not provably the same stay apart.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';
import { renderGray } from '@/tests/support/pdf-compress/page-similarity';
import { mergeFontSubsets } from './font-merge';
import { dropUnreachable } from './structure';
import { parseCffSubset } from './cff-union';

const N = (s: string) => PDFName.of(s);
const FILE = 'pdf-real/giac-graphtheory-texmacs.pdf';

/** The Helvetica font dictionaries of the book, in object order. */
function helveticaFonts(doc: PDFDocument): PDFDict[] {
  const fonts: PDFDict[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const base = obj instanceof PDFDict ? obj.lookup(N('BaseFont')) : undefined;
    if (obj instanceof PDFDict && base instanceof PDFName && base.decodeText().endsWith('+Helvetica')) fonts.push(obj);
  }
  return fonts;
}

const fontFile = (doc: PDFDocument, font: PDFDict) =>
  (font.lookup(N('FontDescriptor')) as PDFDict).get(N('FontFile3')) as PDFRef;

describeCorpus('mergeFontSubsets', () => {
  let work: string;
  let original: Buffer;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'font-merge-'));
    original = fs.readFileSync(corpusPath(FILE));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('stores 147 Helvetica subsets as one program; pages and text stay the same', async () => {
    const doc = await PDFDocument.load(original, { updateMetadata: false });
    const fonts = helveticaFonts(doc);
    expect(new Set(fonts.map((f) => fontFile(doc, f).toString())).size).toBe(147);
    const stats = mergeFontSubsets(doc);
    expect(stats).toMatchObject({ programs: 147, unions: 1 });
    expect(stats.after).toBeLessThan(stats.before / 20);
    expect(new Set(fonts.map((f) => fontFile(doc, f).toString())).size).toBe(1);
    dropUnreachable(doc);
    const out = path.join(work, 'merged.pdf');
    fs.writeFileSync(out, await doc.save());
    const text = (f: string) => execFileSync('pdftotext', [f, '-'], { maxBuffer: 1 << 26 }).toString('utf8');
    expect(text(out)).toBe(text(corpusPath(FILE)));
    // Pages that use many of the subsets, pixel for pixel.
    const before = renderGray(corpusPath(FILE), 50, 30, 39);
    const after = renderGray(out, 50, 30, 39);
    expect(after).toHaveLength(before.length);
    before.forEach((p, i) => expect(Buffer.from(after[i].data).equals(Buffer.from(p.data))).toBe(true));
  }, 120_000);

  it('keeps out a subset whose font relies on its built-in encoding', async () => {
    const doc = await PDFDocument.load(original, { updateMetadata: false });
    const [first] = helveticaFonts(doc);
    first.delete(N('Encoding'));
    const kept = fontFile(doc, first);
    expect(mergeFontSubsets(doc).programs).toBe(146);
    expect(fontFile(doc, first)).toBe(kept);
  }, 60_000);

  it('keeps out a subset whose glyph draws differently under the same name', async () => {
    const doc = await PDFDocument.load(original, { updateMetadata: false });
    const [first] = helveticaFonts(doc);
    const ref = fontFile(doc, first);
    const stream = doc.context.lookup(ref) as PDFRawStream;
    const cff = Buffer.from(zlib.inflateSync(stream.contents));
    const parsed = parseCffSubset(cff)!;
    // Glyph 1's first operand (a Type 2 number of 1 or 2 bytes; offsets are in the 28-byte sfnt wrapper)
    // moved by one unit: same length, another outline.
    const start = parsed.cff.topDict.CharStrings[1].offset - 28;
    expect(cff[start]).toBeGreaterThanOrEqual(32);
    expect(cff[start]).toBeLessThanOrEqual(254);
    const at = cff[start] <= 246 ? start : start + 1;
    cff[at] = cff[at] < 200 ? cff[at] + 1 : cff[at] - 1;
    const name = parsed.cff.getGlyphName(1)!;
    // The other subsets that hold a glyph of that name, before the merge.
    const sharing = helveticaFonts(doc).filter((f) => {
      const s = doc.context.lookup(fontFile(doc, f)) as PDFRawStream;
      return f !== first && parseCffSubset(zlib.inflateSync(s.contents))!.glyphs.has(name);
    });
    expect(sharing.length).toBeGreaterThan(0);
    doc.context.assign(ref, PDFRawStream.of(stream.dict.clone(doc.context), zlib.deflateSync(cff)));
    const stats = mergeFontSubsets(doc);
    expect(stats.unions).toBeGreaterThanOrEqual(1);
    // No font that draws that glyph the original way shares a program with the altered one.
    const altered = fontFile(doc, first).toString();
    for (const f of sharing) expect(fontFile(doc, f).toString()).not.toBe(altered);
  }, 60_000);

  it('stores 38 TrueType subsets of DejaVuSerif (Beamer slides) as one; pages and text stay the same', async () => {
    const file = corpusPath('pdf-real/yosys-presentation.pdf');
    const doc = await PDFDocument.load(fs.readFileSync(file), { updateMetadata: false });
    const stats = mergeFontSubsets(doc);
    expect(stats).toMatchObject({ programs: 38, unions: 1 });
    expect(stats.after).toBeLessThan(stats.before / 10);
    dropUnreachable(doc);
    const out = path.join(work, 'merged-tt.pdf');
    fs.writeFileSync(out, await doc.save());
    const text = (f: string) => execFileSync('pdftotext', [f, '-'], { maxBuffer: 1 << 26 }).toString('utf8');
    expect(text(out)).toBe(text(file));
    const before = renderGray(file, 50, 1, 12);
    const after = renderGray(out, 50, 1, 12);
    expect(after).toHaveLength(before.length);
    before.forEach((p, i) => expect(Buffer.from(after[i].data).equals(Buffer.from(p.data))).toBe(true));
  }, 120_000);
});
