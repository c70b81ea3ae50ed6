// Type 1 fonts rewritten as CFF (issue 15) on a real pdfTeX article (24 Type 1 subsets): fonts smaller,
// every glyph under its name (pdftotext reads the same text, poppler draws the same pages), and each
// converted font names all 256 codes in its /Encoding.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';
import { pageSsim, renderGray } from '@/tests/support/pdf-compress/page-similarity';
import { convertType1Fonts } from './type1-to-cff';
import { dropUnreachable } from './structure';

const N = (s: string) => PDFName.of(s);
const FILE = 'pdf-real/lammps-cg-dna-2col.pdf';

describeCorpus('convertType1Fonts', () => {
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'type1-cff-'));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('rewrites the Type 1 subsets as CFF; text and pages stay the same', async () => {
    const doc = await PDFDocument.load(fs.readFileSync(corpusPath(FILE)), { updateMetadata: false });
    const type1 = new Set<PDFDict>();
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      const d = obj instanceof PDFDict ? obj.lookup(N('FontDescriptor')) : undefined;
      if (obj instanceof PDFDict && d instanceof PDFDict && d.has(N('FontFile'))) type1.add(obj);
    }
    expect(type1.size).toBe(24);
    const stats = await convertType1Fonts(doc);
    expect(stats.converted).toBeGreaterThanOrEqual(20);
    expect(stats.after).toBeLessThan(stats.before * 0.5);
    // Each converted font: FontFile3 /Type1C and an /Encoding naming codes 0-255.
    let checked = 0;
    for (const obj of type1) {
      const d = obj.lookup(N('FontDescriptor')) as PDFDict;
      if (!d.has(N('FontFile3'))) continue;
      expect(d.has(N('FontFile'))).toBe(false);
      const diffs = (obj.lookup(N('Encoding')) as PDFDict).lookup(N('Differences')) as PDFArray;
      expect(diffs.size()).toBe(257);
      checked++;
    }
    expect(checked).toBe(stats.converted);
    dropUnreachable(doc);
    const out = path.join(work, 'cff.pdf');
    fs.writeFileSync(out, await doc.save());
    const fonts = execFileSync('pdffonts', [out]).toString();
    expect(fonts).toMatch(/Type 1C\s+Custom\s+yes yes/);
    const text = (f: string) => execFileSync('pdftotext', [f, '-'], { maxBuffer: 1 << 26 }).toString('utf8');
    expect(text(out)).toBe(text(corpusPath(FILE)));
    // Text pages at 100 dpi: only hinting may differ, never a glyph.
    for (const page of [1, 4, 5]) {
      const [a] = renderGray(corpusPath(FILE), 100, page, page);
      const [b] = renderGray(out, 100, page, page);
      expect(pageSsim(a, b)).toBeGreaterThan(0.999);
    }
  }, 120_000);

  it('converts fonts whose /Differences name glyphs the subset lacks (Beamer slides), same text', async () => {
    const file = corpusPath('pdf-real/yosys-presentation.pdf');
    const doc = await PDFDocument.load(fs.readFileSync(file), { updateMetadata: false });
    expect((await convertType1Fonts(doc)).converted).toBe(11);
    dropUnreachable(doc);
    const out = path.join(work, 'slides.pdf');
    fs.writeFileSync(out, await doc.save());
    const text = (f: string) => execFileSync('pdftotext', [f, '-'], { maxBuffer: 1 << 26 }).toString('utf8');
    expect(text(out)).toBe(text(file));
    const [a] = renderGray(file, 100, 2, 2);
    const [b] = renderGray(out, 100, 2, 2);
    expect(pageSsim(a, b)).toBeGreaterThan(0.999);
  }, 120_000);

  it('leaves a document without Type 1 fonts as it is', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    expect(await convertType1Fonts(doc)).toEqual({ converted: 0, before: 0, after: 0 });
  });
});
