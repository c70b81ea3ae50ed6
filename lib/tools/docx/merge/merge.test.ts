import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { corpusPath, describeCorpus, hasCorpus } from '@/tests/support/corpus';
import { mergeDocx } from './merge';
import { checkDocxPackage, docxCounts } from './check-package';
import { buildDocx, solidPng } from '@/tests/support/docx/build-docs';
import { convertedPath, firstMissingInOrder, sofficeConvert, wordLines } from '@/tests/support/docx/libreoffice';
import { run as processDocx } from './server';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docx-merge-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function zipEntry(file: string, name: string): Promise<string> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  return new Promise<string>((resolve, reject) => {
    zip
      .on('entry', (e: yauzl.Entry) => {
        if (e.fileName !== name) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(e, (err, s) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      })
      .on('end', () => reject(new Error(`${name} not found`)))
      .on('error', reject);
    zip.readEntry();
  });
}

async function zipNames(file: string): Promise<string[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip
      .on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      })
      .on('end', resolve)
      .on('error', reject);
    zip.readEntry();
  });
  return names;
}

const readText = (f: string) => fs.readFileSync(f, 'utf8');
const pdfPages = (pdf: string) =>
  execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
const pdfSizes = (pdf: string) =>
  [
    ...execFileSync('pdfinfo', ['-f', '1', '-l', '999', pdf], { encoding: 'utf8' }).matchAll(
      /Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g,
    ),
  ].map((m) => (Number(m[1]) > Number(m[2]) ? 'landscape' : 'portrait'));

describe('Word merge of documents built here (LibreOffice as the reader)', () => {
  const files: Record<string, string> = {};
  let merged: string;

  beforeAll(async () => {
    const red = solidPng(16, 16, [200, 30, 30]);
    files.A = path.join(dir, 'Alpha.docx');
    files.B = path.join(dir, 'Bravo.docx');
    files.C = path.join(dir, 'Charlie.docx');
    fs.writeFileSync(files.A, await buildDocx({ tag: 'Alpha', header: true, extras: true, image: red }));
    fs.writeFileSync(
      files.B,
      await buildDocx({ tag: 'Bravo', header: true, landscape: true, extras: true, image: red, endTable: true }),
    );
    fs.writeFileSync(files.C, await buildDocx({ tag: 'Charlie', twoSections: true }));
    merged = path.join(dir, 'built-merged.docx');
    await mergeDocx(
      [files.A, files.B, files.C].map((p) => ({ path: p, name: path.basename(p) })),
      merged,
    );
    await sofficeConvert([merged, files.A, files.B, files.C], 'txt', path.join(dir, 'txt'));
    await sofficeConvert([merged], 'pdf', path.join(dir, 'pdf'));
  }, 180_000);

  it('writes a sound package: well-formed parts, declared prefixes, content types, relationships, unique ids', async () => {
    expect(await checkDocxPackage(merged)).toEqual([]);
  });

  it('keeps all text of every input, in order, with each list restarting at 1', () => {
    const got = wordLines(readText(convertedPath(path.join(dir, 'txt'), merged, 'txt')));
    const expected = [files.A, files.B, files.C].flatMap((f) =>
      wordLines(readText(convertedPath(path.join(dir, 'txt'), f, 'txt'))),
    );
    expect(expected.length).toBeGreaterThan(20);
    expect(firstMissingInOrder(expected, got)).toBeNull();
    expect(got.filter((l) => /^1\. \w+ step 1$/.test(l))).toEqual([
      '1. Alpha step 1',
      '1. Bravo step 1',
      '1. Charlie step 1',
    ]);
  });

  it('starts each document on a new page with its own orientation and headers, never the previous one', () => {
    const pdf = convertedPath(path.join(dir, 'pdf'), merged, 'pdf');
    expect(pdfSizes(pdf)).toEqual(['portrait', 'landscape', 'portrait', 'landscape']);
    const pages = pdfPages(pdf);
    expect(pages[0]).toMatch(/Alpha header[\s\S]*Alpha introduction[\s\S]*Alpha footnote text[\s\S]*Alpha footer/);
    expect(pages[1]).toMatch(/Bravo header[\s\S]*Bravo introduction[\s\S]*Bravo footnote text[\s\S]*Bravo footer/);
    expect(pages[2]).toContain('Charlie introduction');
    expect(pages[3]).toContain('Charlie second section');
    for (const p of pages.slice(2)) expect(p).not.toMatch(/Bravo (header|footer)|Alpha (header|footer)/);
  });

  it('renumbers notes and comments, renames the clashing bookmark, shares the identical picture', async () => {
    expect(await docxCounts(merged)).toEqual({ footnotes: 2, endnotes: 0, comments: 4, sections: 4, landscape: 2 });
    const names = await zipNames(merged);
    expect(names.filter((n) => n.startsWith('word/media/'))).toHaveLength(1);
    const comments = await zipEntry(merged, 'word/comments.xml');
    expect(comments.indexOf('Alpha comment text')).toBeLessThan(comments.indexOf('Bravo comment text'));
    expect(comments.indexOf('Alpha comment text')).toBeGreaterThan(0);
    // Reply threads and resolved state: each reply points at its own document's comment.
    const cx = await zipEntry(merged, 'word/commentsExtended.xml');
    const paraOf = (text: string) =>
      new RegExp(`w14:paraId="([0-9A-F]{8})"[^>]*>(?:(?!</w:comment>).)*${text}`, 's').exec(comments)?.[1];
    for (const tag of ['Alpha', 'Bravo']) {
      const parent = paraOf(`${tag} comment text`);
      const reply = paraOf(`${tag} reply text`);
      expect(cx).toMatch(new RegExp(`w15:paraId="${parent}"[^>]*w15:done="1"`));
      expect(cx).toMatch(new RegExp(`w15:paraId="${reply}" w15:paraIdParent="${parent}"`));
    }
    const doc = await zipEntry(merged, 'word/document.xml');
    expect([...doc.matchAll(/<w:bookmarkStart\b[^>]*w:name="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'intro',
      'intro_2',
      'intro_3',
    ]);
    expect([...doc.matchAll(/<w:hyperlink\b[^>]*w:anchor="([^"]*)"/g)].map((m) => m[1])).toEqual(['intro', 'intro_2']);
  });

  it("puts each section break in the document's last paragraph, adding one only after a final table", async () => {
    const paragraphs = async (f: string) => (await zipEntry(f, 'word/document.xml')).match(/<w:p[ >/]/g)?.length ?? 0;
    const inputs = (await Promise.all([files.A, files.B, files.C].map(paragraphs))).reduce((a, b) => a + b, 0);
    expect(await paragraphs(merged)).toBe(inputs + 1);
    const doc = await zipEntry(merged, 'word/document.xml');
    expect(doc).toMatch(/Alpha step 3<\/w:t>[\s\S]*?<\/w:p>/);
    expect(doc.slice(0, doc.indexOf('Alpha step 3'))).toMatch(/<w:p>(?:(?!<w:p[ >]).)*<w:sectPr>(?:(?!<w:p[ >]).)*$/s);
  });

  it('runs as the docx/merge processor and writes Merged_File.docx in the job folder', async () => {
    const work = fs.mkdtempSync(path.join(dir, 'job-'));
    const inputs = [files.C, files.A].map((p) => ({
      path: p,
      name: path.basename(p),
      size: fs.statSync(p).size,
      kind: 'docx' as const,
    }));
    const out = await processDocx(inputs, {}, { workDir: work });
    expect(out.path).toBe(path.join(work, 'Merged_File.docx'));
    expect(await checkDocxPackage(out.path)).toEqual([]);
    expect(await docxCounts(out.path)).toMatchObject({ sections: 3, footnotes: 1, comments: 2 });
  });
});

describeCorpus('Word merge of real documents (../shared/corpus/docx)', () => {
  const C = (n: string) => corpusPath('docx', `${n}.docx`);
  const merges: Record<string, string[]> = hasCorpus
    ? {
        lists: [C('d2_ComplexNumberedLists'), C('d3_numberings')],
        sections: [C('d6_header_footer_sections'), C('d5_sct-section-props'), C('pydocx-doc-odd-even-hdrs')],
        notes: [C('d7_form_footnotes'), C('d1_aatmay')],
        objects: [
          C('poi-61745-chart'),
          C('poi-VariousPictures'),
          C('poi-WordWithAttachments'),
          C('officer-example'),
          C('poi-delins'),
        ],
        big: [C('poi-bug65649'), C('d2_ComplexNumberedLists')],
      }
    : {};
  const out = (k: string) => path.join(dir, `merged-${k}.docx`);
  const txtDir = () => path.join(dir, 'corpus-txt');

  beforeAll(async () => {
    for (const [k, inputs] of Object.entries(merges)) {
      await mergeDocx(
        inputs.map((p) => ({ path: p, name: path.basename(p) })),
        out(k),
      );
    }
    const inputs = [...new Set(Object.values(merges).flat())];
    await sofficeConvert([...Object.keys(merges).map(out), ...inputs], 'txt', txtDir());
    await sofficeConvert(
      [out('sections'), out('lists'), C('d3_numberings'), out('notes'), C('d1_aatmay')],
      'pdf',
      path.join(dir, 'corpus-pdf'),
    );
  }, 240_000);

  it.each(['lists', 'sections', 'notes', 'objects', 'big'])('%s: a sound package', async (k) => {
    expect(await checkDocxPackage(out(k))).toEqual([]);
  });

  it.each(['lists', 'sections', 'notes', 'objects', 'big'])(
    '%s: LibreOffice finds all text of every input in order',
    (k) => {
      const got = wordLines(readText(convertedPath(txtDir(), out(k), 'txt')));
      const expected = merges[k].flatMap((f) => wordLines(readText(convertedPath(txtDir(), f, 'txt'))));
      expect(expected.length).toBeGreaterThan(5);
      expect(firstMissingInOrder(expected, got)).toBeNull();
    },
  );

  it.each(['lists', 'sections', 'notes', 'objects', 'big'])(
    '%s: sections, orientations, footnotes and comments add up',
    async (k) => {
      const counts = await Promise.all(merges[k].map((f) => docxCounts(f)));
      const sum = (key: keyof (typeof counts)[0]) => counts.reduce((n, c) => n + c[key], 0);
      expect(await docxCounts(out(k))).toEqual({
        footnotes: sum('footnotes'),
        endnotes: sum('endnotes'),
        comments: sum('comments'),
        sections: sum('sections'),
        landscape: sum('landscape'),
      });
    },
  );

  it('lists with clashing ids restart per document (d2 + d3)', () => {
    const got = wordLines(readText(convertedPath(txtDir(), out('lists'), 'txt')));
    const firsts = got.filter((l) => /^1\. (Entry #|Item 1)$/.test(l));
    expect(firsts[0]).toBe('1. Entry #');
    expect(firsts).toContain('1. Item 1');
  });

  it('keeps the look of a document whose defaults differ (d3: 12 pt, no spacing; merged after d2: 11 pt, spaced)', () => {
    const words = (pdf: string) =>
      [
        ...execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' }).matchAll(
          /yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Item</g,
        ),
      ].map((m) => ({ y: Number(m[1]), h: Number(m[2]) - Number(m[1]) }));
    const orig = words(convertedPath(path.join(dir, 'corpus-pdf'), C('d3_numberings'), 'pdf'));
    const got = words(convertedPath(path.join(dir, 'corpus-pdf'), out('lists'), 'pdf'));
    expect(orig.length).toBeGreaterThan(3);
    expect(got[0].h).toBeCloseTo(orig[0].h, 1);
    expect(got[1].y - got[0].y).toBeCloseTo(orig[1].y - orig[0].y, 1);
  });

  it('carries the embedded fonts of a later document (d1 after d7): its text renders in the same fonts', () => {
    const fonts = (pdf: string) =>
      new Set(
        execFileSync('pdffonts', [pdf], { encoding: 'utf8' })
          .split('\n')
          .slice(2)
          .map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, ''))
          .filter(Boolean),
      );
    const d1 = fonts(convertedPath(path.join(dir, 'corpus-pdf'), C('d1_aatmay'), 'pdf'));
    const merged = fonts(convertedPath(path.join(dir, 'corpus-pdf'), out('notes'), 'pdf'));
    expect([...d1].filter((f) => f.startsWith('Source'))).not.toHaveLength(0);
    expect([...d1].filter((f) => !merged.has(f))).toEqual([]);
  });

  it('each section keeps its page size, orientation and headers (d6 + d5 + odd/even headers)', () => {
    const pdf = convertedPath(path.join(dir, 'corpus-pdf'), out('sections'), 'pdf');
    expect(pdfSizes(pdf)).toEqual([
      'portrait',
      'portrait',
      'landscape',
      'portrait',
      'portrait',
      'portrait',
      'portrait',
      'portrait',
      'portrait',
    ]);
    const pages = pdfPages(pdf);
    expect(pages[0]).toMatch(/Header Section 1[\s\S]*Footer Section 1/);
    expect(pages[1]).toMatch(/Header Section 2[\s\S]*Footer Section 2/);
    for (const p of pages.slice(2, 7)) expect(p).not.toMatch(/(Header|Footer) Section/);
    expect(pages.slice(7).join('\n')).toMatch(/(Odd|Even) page header/);
  });

  it("keeps the first document's page background with its fill picture (poi-bib-chernigovka)", async () => {
    const file = path.join(dir, 'merged-background.docx');
    await mergeDocx(
      [C('poi-bib-chernigovka'), C('d2_ComplexNumberedLists')].map((p) => ({ path: p, name: path.basename(p) })),
      file,
    );
    expect(await checkDocxPackage(file)).toEqual([]);
    const doc = await zipEntry(file, 'word/document.xml');
    expect(doc).toMatch(
      /<w:background w:color="FFFFCC"><v:background [^>]*><v:fill r:id="rId\d+"[^>]*\/><\/v:background><\/w:background><w:body>/,
    );
    expect((await zipNames(file)).filter((n) => n.startsWith('word/media/'))).toHaveLength(1);
  });

  it('keeps theme colours of a document merged under another colour scheme (officer-example after d6)', async () => {
    const file = path.join(dir, 'merged-colours.docx');
    await mergeDocx(
      [C('d6_header_footer_sections'), C('officer-example')].map((p) => ({ path: p, name: path.basename(p) })),
      file,
    );
    expect(await checkDocxPackage(file)).toEqual([]);
    const styles = await zipEntry(file, 'word/styles.xml');
    // officer-example's headings use accent1 of the Office 2007 palette (4F81BD); d6's theme has 4472C4.
    expect(styles).toContain('<w:color w:val="4F81BD"/>');
    expect(styles).not.toMatch(/w:themeColor=/);
  });

  it('copies charts with their workbooks, EMF/WMF pictures, OLE objects and comments', async () => {
    const names = await zipNames(out('objects'));
    expect(names.filter((n) => /^word\/charts\/chart\d+\.xml$/.test(n))).toHaveLength(2);
    expect(names.filter((n) => /^word\/embeddings\/.*\.xlsx$/.test(n)).length).toBeGreaterThanOrEqual(3);
    expect(names.filter((n) => /\.(emf|wmf)$/.test(n)).length).toBeGreaterThanOrEqual(7);
    expect(names).toContain('word/comments.xml');
    expect(names.some((n) => /oleObject\d*\.bin$/.test(n))).toBe(true);
  });
});

describeCorpus('Word merge refuses bad inputs by name', () => {
  const merge = (files: string[]) =>
    mergeDocx(
      files.map((p) => ({ path: p, name: path.basename(p) })),
      path.join(dir, 'bad.docx'),
    );
  it('a password-protected document', async () => {
    await expect(
      merge([
        corpusPath('docx', 'd2_ComplexNumberedLists.docx'),
        corpusPath('bad', 'poi-bug53475-password-is-pass.docx'),
      ]),
    ).rejects.toThrow('"poi-bug53475-password-is-pass.docx" is password-protected. Remove the password and try again.');
  });
  it('a truncated document', async () => {
    await expect(merge([corpusPath('bad', 'poi-truncated62886.docx')])).rejects.toThrow(
      '"poi-truncated62886.docx" is damaged or not a valid Word document.',
    );
  });
  it('a PowerPoint file named .docx', async () => {
    const fake = path.join(dir, 'slides.docx');
    fs.copyFileSync(corpusPath('bad', 'pypptx-no-slides.pptx'), fake);
    await expect(merge([corpusPath('docx', 'd2_ComplexNumberedLists.docx'), fake])).rejects.toThrow(
      '"slides.docx" is damaged or not a valid Word document.',
    );
  });
});
