// A text layer that cannot be read (fonts without ToUnicode whose codes are their glyphs' drawing order, as
// dvips' bitmap fonts through Ghostscript: gem's primer gave "ï á ð" and control codes) is read by OCR as a
// scan is, so the DOCX holds the words the page shows, not the codes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { run } from './server';
import { documentXml, runsText } from '@/tests/support/pdf-to-docx/docx-parts';
import { wordRecall, words } from '@/tests/support/pdf-to-docx/measure';

const LINES = [
  'The quick brown fox jumps over the lazy dog',
  'Pack my box with five dozen liquor jugs now',
  'Sphinx of black quartz judge my vow today',
];

/** `lines` in a Type 3 font whose glyphs are Helvetica letters, coded 1, 2, 3... in order of first use. */
async function codedPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ctx = doc.context;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const helv = helvetica.ref;
  const width = (c: string) => Math.round(helvetica.widthOfTextAtSize(c, 1000));
  const codes = new Map<string, number>();
  for (const c of lines.join('')) if (c !== ' ' && !codes.has(c)) codes.set(c, codes.size + 1);
  const procs: Record<string, ReturnType<typeof ctx.register>> = {};
  for (const [c, n] of codes)
    procs[`g${n}`] = ctx.register(
      ctx.stream(`${width(c)} 0 d0 BT /H 1000 Tf (${c}) Tj ET`, { Resources: { Font: { H: helv } } }),
    );
  const names = [...codes.values()].map((n) => PDFName.of(`g${n}`));
  const font = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, -200, 1000, 800],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: procs,
      Encoding: { Type: 'Encoding', Differences: [1, ...names, 32, PDFName.of('space')] },
      Resources: { Font: { H: helv } },
      FirstChar: 1,
      LastChar: 32,
      Widths: Array.from({ length: 32 }, (_, i) => width([...codes].find(([, n]) => n === i + 1)?.[0] ?? ' ')),
    }),
  );
  page.node.set(PDFName.of('Resources'), ctx.obj({ Font: { G: font } }));
  const hex = (s: string) =>
    `<${[...s].map((c) => (c === ' ' ? 32 : (codes.get(c) as number)).toString(16).padStart(2, '0')).join('')}>`;
  const ops = lines.map((l, i) => `BT /G 16 Tf 72 ${700 - 30 * i} Td ${hex(l)} Tj ET`);
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(ops.join('\n'))));
  return doc.save();
}

test('a page whose text is control codes is read by OCR, as a scan, and the notice says why', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-coded-'));
  try {
    const file = path.join(dir, 'coded.pdf');
    fs.writeFileSync(file, await codedPdf(LINES));
    const out = await run(
      [{ path: file, name: 'coded.pdf', size: fs.statSync(file).size, kind: 'pdf' }],
      {},
      { workDir: dir },
    );
    expect(out.notice).toMatch(
      /^Page 1 has a text layer that gives no readable letters .* read by text recognition \(OCR\) instead/,
    );
    expect(out.notice).not.toMatch(/no text layer/);
    const xml = documentXml(fs.readFileSync(path.join(dir, 'converted.docx')));
    const text = runsText(xml, ' ');
    expect(wordRecall(words(LINES.join(' ')), words(text))).toBeGreaterThanOrEqual(0.9);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
