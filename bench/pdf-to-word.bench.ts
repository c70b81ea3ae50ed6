// PDF to Word vs LibreOffice's PDF import on the corpus (pdf, pdf-real), drawings and scans included.
// Run: npx tsx --conditions=react-server bench/pdf-to-word.bench.ts  (P2W_BENCH_FILES=a.pdf,b.pdf to choose;
// P2W_BENCH_EXTRA=<folder> adds every PDF in that folder, long ones cut to their first 10 pages)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './types';
import { docxVsLoBench, madeInputs, ocrThreadsRows, type BenchInput } from '../tests/support/pdf-to-docx/bench-vs-lo';
import { scanKindInputs } from '../tests/support/pdf-to-docx/make-scans';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../shared/corpus');
// Real files with text, drawings and columns; long ones cut to a page range (qpdf) to keep the run short.
// Every text document of pdf-real (issue 19's judging set is of this kind).
const PICKS: [string, string | null][] = [
  ['pdf/jverein-Rechnung.pdf', null],
  // real scans (no text layer): a book page with an illustration, a Russian certificate
  ['pdf/ocrmypdf-c02-22-scan.pdf', null],
  ['pdf/pdfjs-issue7229-scan.pdf', null],
  ['pdf/qtpdf5-test.pdf', null],
  // a broken cross-reference table; its green bars are image masks filled with a widely stepped pattern
  ['bad/pdfjs-bug1795263-broken-xref.pdf', null],
  ['pdf/pdfjs-prefilled_f1040.pdf', null], // a dense tax form
  ['pdf/pdfjs-freeculture.pdf', '18-29'], // a book with footnote marks
  ['pdf-real/lammps-cg-dna-2col.pdf', null],
  ['pdf-real/yosys-presentation.pdf', '5-14'],
  ['pdf-real/asymptote-manual.pdf', '20-39'],
  ['pdf-real/giac-graphtheory-texmacs.pdf', '30-39'],
  ['pdf-real/gutenprint-manual-writer.pdf', null],
  ['pdf-real/acrotex-eqpin2corr-form.pdf', null],
  ['pdf-real/annapurna-sil-features-word.pdf', null],
  ['pdf-real/bacula-console-screenshots.pdf', '1-10'],
  ['pdf-real/debian-reference-zh-cn.pdf', '20-29'],
  ['pdf-real/lammps-machdyn-userguide.pdf', '1-10'],
  ['pdf-real/lilypond-learning.pdf', '20-29'],
  ['pdf-real/lshort-ukr.pdf', '20-29'],
];

/** Your own files, judged against LibreOffice in the same run: every PDF of `folder`, past 10 pages cut to 1-10. */
function extraInputs(dir: string, folder: string | undefined): BenchInput[] {
  if (!folder) return [];
  const files = fs
    .readdirSync(folder)
    .filter((f) => /\.pdf$/i.test(f))
    .sort();
  return files.map((name) => {
    const src = path.join(folder, name);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [src], { encoding: 'utf8' }))?.[1] ?? 0);
    if (pages <= 10) return { label: `extra ${name}`, file: src };
    const file = path.join(dir, `extra-${path.basename(name, path.extname(name))}-p1-10.pdf`);
    execFileSync('qpdf', ['--warning-exit-0', src, '--pages', '.', '1-10', '--', file], { stdio: 'ignore' });
    return { label: `extra ${name} pages 1-10`, file };
  });
}

export default async function bench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-in-'));
  const inputs: BenchInput[] = [];
  const picked: string[] = [];
  for (const [rel, range] of PICKS) {
    const src = path.join(CORPUS_DIR, rel);
    if (!fs.existsSync(src)) continue;
    let file = src;
    if (range) {
      file = path.join(dir, `${path.basename(src, '.pdf')}-p${range}.pdf`);
      execFileSync('qpdf', ['--warning-exit-0', src, '--pages', '.', range, '--', file], { stdio: 'ignore' });
    }
    picked.push(src);
    inputs.push({ label: `corpus ${rel}${range ? ` pages ${range}` : ''}`, file });
  }
  inputs.push(...extraInputs(dir, process.env.P2W_BENCH_EXTRA));
  const made = await madeInputs(dir, picked);
  const only = process.env.P2W_BENCH_FILES?.split(',');
  const want = (label: string) => !only || only.some((o) => label.includes(o));
  // Kinds of real scans (bitonal G4, 300 dpi grey, skew, sideways, strips, faded, OCRmyPDF's text layer,
  // JPEG 2000, stamped, photographed under uneven light, photocopied with black borders and holes),
  // made from the made sample (Letter) and the invoice (A4).
  const kinds = await scanKindInputs(dir, [made[0].file, ...picked.filter((f) => /jverein/.test(f))], want);
  const all = [...made, ...inputs].filter((i) => want(i.label)).concat(kinds);
  const rows = await docxVsLoBench(all);
  // OCR threads: the dense scan read with one tesseract thread, then with two (the default on 2 cores).
  const dense = all.find((i) => i.textOf && /lammps/.test(i.label));
  if (dense) rows.push(...(await ocrThreadsRows(dense.file)));
  if (!picked.length) rows.push({ tool: 'pdf/to_docx', input: 'corpus', note: 'skipped: ../shared/corpus not found' });
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}
