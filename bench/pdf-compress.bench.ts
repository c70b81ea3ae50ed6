// PDF Compress levels vs Ghostscript -dPDFSETTINGS=/ebook on ../shared/corpus/pdf-real (issue 15), in the same
// run: size ratio, mean (worst) page SSIM of the first 6 pages at 60 dpi grey (poppler render, as REFERENCE.md),
// words pdftotext finds, seconds (wall) and CPU seconds (gs: its process; ours: this process, all threads). Run: npx tsx bench/pdf-compress.bench.ts [name filter]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './types';
import { gsEbookCpu } from '../tests/support/pdf-compress/ghostscript';
import { compressPdf } from '../lib/tools/pdf/compress/compress-pdf';
import { COMPRESS_LEVELS } from '../lib/tools/pdf/compress/levels';
import { pageSsim, renderGray } from '../tests/support/pdf-compress/page-similarity';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../shared/corpus');
const MIN_GAIN = 0.03; // as lib/tools/pdf/compress/server.ts (not imported: it is 'server-only')
const SSIM_PAGES = 6;

function hasGs(): boolean {
  try {
    execFileSync('gs', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const words = (f: string) =>
  execFileSync('pdftotext', [f, '-'], { maxBuffer: 1 << 28 })
    .toString('utf8')
    .split(/\s+/)
    .filter(Boolean).length;

function quality(input: string, output: string, inputPages: ReturnType<typeof renderGray>, wordsIn: number): string {
  const out = renderGray(output, 60, 1, SSIM_PAGES);
  const vals = inputPages.map((p, i) => (out[i] ? pageSsim(p, out[i]) : 0));
  const mean = vals.reduce((a, b) => a + b, 0) / Math.max(1, vals.length);
  return `SSIM ${mean.toFixed(4)} (worst ${Math.min(...vals).toFixed(4)}), words ${wordsIn} → ${words(output)}`;
}

export default async function bench(): Promise<BenchRow[]> {
  const dir = path.join(CORPUS_DIR, 'pdf-real');
  if (!fs.existsSync(dir))
    return [{ tool: 'pdf/compress', input: 'pdf-real', note: `corpus not found at ${dir}: skipped` }];
  const filter = process.argv[2] && !process.argv[2].endsWith('.json') ? process.argv[2] : '';
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.pdf') && f.includes(filter))
    .sort();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfc-bench-'));
  const gs = hasGs();
  const rows: BenchRow[] = [];
  // Each row also goes to stderr as it is measured: a long run cut short still leaves its figures.
  const push = (r: BenchRow) => {
    rows.push(r);
    console.error([r.tool, r.input, r.ratio, r.quality, r.ms, r.note].join(' | '));
  };
  try {
    for (const f of files) {
      const file = path.join(dir, f);
      const bytes = fs.readFileSync(file);
      const ref = renderGray(file, 60, 1, SSIM_PAGES);
      const wordsIn = words(file);
      const input = `${f} (${(bytes.length / 1048576).toFixed(2)} MB)`;
      if (gs) {
        const out = path.join(work, 'gs.pdf');
        const { ms, cpuS } = gsEbookCpu(file, out);
        push({
          tool: 'gs /ebook',
          input,
          ratio: Number((fs.statSync(out).size / bytes.length).toFixed(3)),
          quality: quality(file, out, ref, wordsIn),
          ms,
          note: `CPU ${cpuS.toFixed(2)} s`,
        });
      } else {
        push({ tool: 'gs /ebook', input, note: 'gs not installed: no reference in this run' });
      }
      // BENCH_LEVELS=strong,light: only those levels (a quick check); all three by default.
      const levels = COMPRESS_LEVELS.filter(
        (l) => !process.env.BENCH_LEVELS || process.env.BENCH_LEVELS.split(',').includes(l),
      );
      for (const level of levels) {
        const t0 = Date.now();
        // process.cpuUsage() counts every thread of this process (MuPDF, pdf.js and sharp's work included).
        const cpu0 = process.cpuUsage();
        let out = await compressPdf(bytes, file, f, { level });
        const cpu = process.cpuUsage(cpu0);
        const ms = Date.now() - t0;
        if (out.length > bytes.length * (1 - MIN_GAIN)) out = bytes; // what the processor returns
        const outFile = path.join(work, `${level}.pdf`);
        fs.writeFileSync(outFile, out);
        push({
          tool: `pdf/compress ${level}`,
          input,
          ratio: Number((out.length / bytes.length).toFixed(3)),
          quality: quality(file, outFile, ref, wordsIn),
          ms,
          note: `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
        });
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] && /pdf-compress\.bench\.ts$/.test(process.argv[1])) {
  void bench().then((rows) => {
    for (const r of rows)
      console.log(
        [
          r.tool,
          r.input,
          r.ratio,
          r.quality,
          r.ms === undefined ? '' : `${(r.ms / 1000).toFixed(1)} s`,
          r.note ?? '',
        ].join(' | '),
      );
    process.exit(0);
  });
}
