// PDF to Word vs LibreOffice's own PDF import (`soffice --infilter=writer_pdf_import --convert-to docx`, what
// Stirling-PDF uses), same run, same files: word recall of each DOCX read back by LibreOffice (vs pdftotext
// of what the source shows, within its crop boxes), Word page count vs the PDF's, per-page render similarity
// (SSIM at 50 dpi, first 10 pages), seconds per page. Scans: an image-only copy we render ourselves, recall against the original's text.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from '../../../bench/types';
import { buildBenchWorker } from '../../../bench/worker-job';
import { convertPdf } from '@/lib/tools/pdf/to-docx/convert';
import { closeWarmReader, OCR_THREADS } from '@/lib/tools/pdf/to-docx/ocr';
import { compareDocs } from '../pdf-compress/page-similarity';
import { docxToPdf, killOffice, pdftotext, visibleText, wordRecall, words } from './measure';
import { imageOnlyPdf, sampleDocPdf } from './make-pdfs';
import { meanSsim, renderWith } from './renderers';

const pagesOf = (f: string): number =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))?.[1] ?? 0);

/** LibreOffice's PDF import can take many minutes on some files (a 10-slide deck: > 13 min here). */
const LO_TIMEOUT_MS = 240_000;

export function loImport(pdf: string, outDir: string): { docx: string; ms: number; timedOut: boolean } {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-p2w-'));
  const t = Date.now();
  let timedOut = false;
  try {
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--infilter=writer_pdf_import',
        '--convert-to',
        'docx:MS Word 2007 XML',
        '--outdir',
        outDir,
        pdf,
      ],
      { stdio: 'ignore', timeout: LO_TIMEOUT_MS, killSignal: 'SIGKILL' },
    );
  } catch (e) {
    timedOut = (e as { signal?: string }).signal === 'SIGKILL';
    if (timedOut) killOffice(profile);
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return { docx: path.join(outDir, `${path.basename(pdf, '.pdf')}.docx`), ms: Date.now() - t, timedOut };
}

export interface BenchInput {
  label: string;
  file: string;
  /** for scans: the text document the image-only file was made from */
  textOf?: string;
  /** for a scan shown sideways or upside down: the same page scanned upright, the look also measured against it */
  uprightOf?: string;
}

/** Corpus pages scanned for OCR rows (the pages, else the first three): an invoice, a dense two-column
 * article, a tax form, contents pages with dot leaders (TeX, LibreOffice Writer, TeX with link boxes) and
 * without (acrotex), an index in two columns with leaders (asymptote). */
const SCANNED: [RegExp, string | null][] = [
  [/jverein/, null],
  [/lammps-cg-dna/, null],
  [/prefilled_f1040/, null],
  [/asymptote-manual/, '3-4'],
  [/gutenprint-manual/, '3-4'],
  [/bacula-console/, '3-4'],
  [/acrotex-eqpin2corr/, '2'],
  [/asymptote-manual/, '193'],
  // slides: text on shaded title, box and footer bars (ocr-bars.ts)
  [/yosys-presentation/, '1,6,20,120'],
];

export async function madeInputs(dir: string, corpus: string[]): Promise<BenchInput[]> {
  const sample = path.join(dir, 'made-sample.pdf');
  fs.writeFileSync(sample, await sampleDocPdf());
  const out: BenchInput[] = [{ label: 'made: 2 columns, table, link, photo', file: sample }];
  const scans: [string, string | null][] = [[sample, null]];
  for (const [re, range] of SCANNED) for (const f of corpus.filter((c) => re.test(c))) scans.push([f, range]);
  for (const [src, wanted] of scans) {
    let text = src;
    const range = wanted ?? (pagesOf(src) > 3 ? '1-3' : null);
    if (range) {
      text = path.join(dir, `${path.basename(src, '.pdf')}-p${range}.pdf`);
      execFileSync('qpdf', ['--warning-exit-0', src, '--pages', '.', range, '--', text], { stdio: 'ignore' });
    }
    const scan = path.join(dir, `scan-${path.basename(text)}`);
    fs.writeFileSync(scan, await imageOnlyPdf(fs.readFileSync(text), 200));
    out.push({ label: `scan (made image-only at 200 dpi): ${path.basename(text)}`, file: scan, textOf: text });
  }
  return out;
}

export async function docxVsLoBench(inputs: BenchInput[]): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-bench-'));
  const runs: {
    input: BenchInput;
    ours: string;
    oursMs: number;
    lo: string;
    loMs: number;
    loTimedOut: boolean;
    pages: number;
    ocr: number;
  }[] = [];
  for (const input of inputs) {
    const t = Date.now();
    const r = await convertPdf(input.file, path.basename(input.file));
    const ours = path.join(dir, `ours-${runs.length}.docx`);
    fs.writeFileSync(ours, r.docx);
    const oursMs = Date.now() - t;
    const loDir = fs.mkdtempSync(path.join(dir, 'lo-'));
    const lo = loImport(input.file, loDir);
    const loNamed = path.join(dir, `lo-${runs.length}.docx`);
    if (fs.existsSync(lo.docx)) fs.renameSync(lo.docx, loNamed);
    runs.push({
      input,
      ours,
      oursMs,
      lo: loNamed,
      loMs: lo.ms,
      loTimedOut: lo.timedOut,
      pages: pagesOf(input.file),
      ocr: r.ocrPages.length,
    });
  }
  const docs = runs.flatMap((r) => [r.ours, r.lo]).filter((f) => fs.existsSync(f));
  // One read-back per file: LibreOffice can take very long on its own import's output (lammps, 12 pages:
  // > 600 s); past the same limit as the import it counts as no output.
  const readBack = (d: string): string => {
    try {
      return docxToPdf([d], LO_TIMEOUT_MS)[0];
    } catch {
      return '';
    }
  };
  const pdfs = new Map(docs.map((d) => [d, readBack(d)]));
  const measure = (docx: string, src: BenchInput, pages: number, scan: boolean) => {
    const pdf = pdfs.get(docx);
    if (!pdf || !fs.existsSync(pdf)) return null;
    const ref = words(visibleText(src.textOf ?? src.file));
    // a real scan has no text to compare with: no recall figure
    const recall = ref.length ? wordRecall(ref, words(pdftotext(pdf))) : NaN;
    const k = Math.min(pages, 10);
    const m = Math.min(k, pagesOf(pdf));
    // pages missing from the output count as 0
    const sim = { mean: m ? (compareDocs(src.file, pdf, m, 50).mean * m) / k : 0 };
    // scans: the same under Ghostscript too (its default: images subsampled, text not anti-aliased)
    const gs = scan ? meanSsim(renderWith('gs', src.file, 50).slice(0, k), pdf, 'gs', 50) : NaN;
    const up = src.uprightOf && m ? (compareDocs(src.uprightOf, pdf, m, 50).mean * m) / k : NaN;
    return { recall, pages: pagesOf(pdf), ssim: sim.mean, gs, up };
  };
  const rows: BenchRow[] = runs.map((r) => {
    const o = measure(r.ours, r.input, r.pages, r.ocr > 0);
    const l = measure(r.lo, r.input, r.pages, r.ocr > 0);
    const fmt = (m: typeof o, ms: number, timedOut = false) =>
      m
        ? `recall ${Number.isNaN(m.recall) ? 'n/a (no text)' : m.recall.toFixed(3)}, ${m.pages} p, SSIM ${m.ssim.toFixed(3)}${Number.isNaN(m.gs) ? '' : ` (gs ${m.gs.toFixed(3)})`}${Number.isNaN(m.up) ? '' : ` (upright page ${m.up.toFixed(3)})`}, ${(ms / 1000 / r.pages).toFixed(2)} s/p`
        : timedOut
          ? `no output within ${LO_TIMEOUT_MS / 1000} s`
          : 'no output';
    return {
      tool: 'pdf/to_docx',
      input: `${r.input.label} (${r.pages} p${r.ocr ? `, ${r.ocr} OCR` : ''})`,
      quality: fmt(o, r.oursMs),
      ms: r.oursMs,
      note: `LibreOffice writer_pdf_import: ${fmt(l, r.loMs, r.loTimedOut)}`,
    };
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}

const perPage = (ms: number, cpuMs: number, pages: number): string =>
  `${(ms / 1000 / pages).toFixed(2)} s/p wall, ${(cpuMs / 1000 / pages).toFixed(2)} s/p CPU, load ${os.loadavg()[0].toFixed(1)}`;

/** Seconds and CPU per page of a scanned file: the first scan of a new process (tesseract compiled and its
 * threads started for it: a new job runner's first scan), then in this process, which has read scans
 * before, with one tesseract thread, two started for the job, and two kept warm by the runner from the job
 * before (OCR_WARM_SECONDS), in the same run. */
export async function ocrThreadsRows(scan: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const name = `OCR ${path.basename(scan)}`;
  // Bundled as the job runner is (no TypeScript compiled on the fly, tesseract's thread script beside it).
  const bundle = path.resolve(__dirname, '../../../.workers', `first-scan-bench-${process.pid}.mjs`);
  const source = fs.readFileSync(path.join(__dirname, 'first-scan.ts'), 'utf8');
  let first: { ms: number; cpuMs: number; pages: number };
  try {
    await buildBenchWorker(source, 'first-scan.ts', bundle);
    first = JSON.parse(execFileSync(process.execPath, [bundle, scan], { encoding: 'utf8', maxBuffer: 1 << 20 }));
  } finally {
    fs.rmSync(bundle, { force: true });
  }
  rows.push({
    tool: 'pdf/to_docx',
    input: `${name} (${first.pages} p), ${OCR_THREADS} tesseract threads, a new process's first scan`,
    ms: first.ms,
    quality: perPage(first.ms, first.cpuMs, first.pages),
  });
  await closeWarmReader();
  for (const [threads, label] of [
    [1, '1 tesseract thread'],
    [OCR_THREADS, `${OCR_THREADS} tesseract threads, started for the job`],
    [OCR_THREADS, `${OCR_THREADS} tesseract threads, warm from the job before`],
  ] as const) {
    const cpu = process.cpuUsage();
    const t = Date.now();
    const r = await convertPdf(scan, path.basename(scan), { ocrThreads: threads });
    const ms = Date.now() - t;
    const c = process.cpuUsage(cpu);
    rows.push({
      tool: 'pdf/to_docx',
      input: `${name} (${r.pages} p), ${label}`,
      ms,
      quality: perPage(ms, (c.user + c.system) / 1000, r.pages),
    });
  }
  await closeWarmReader();
  return rows;
}
