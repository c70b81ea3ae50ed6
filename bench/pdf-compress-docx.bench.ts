// PDF compress vs Ghostscript -dPDFSETTINGS=/ebook, and PDF to Word text/order/look figures.
// Run: npx tsx bench/pdf-compress-docx.bench.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './types';
import { gsEbook } from '../tests/support/pdf-compress/ghostscript';
import { compressPdf } from '../lib/tools/pdf/compress/compress-pdf';
import { compareDocs } from '../tests/support/pdf-compress/page-similarity';
import { bigPhotoPdf, mixedImagePdf, photoPdf, textPdf } from '../tests/support/pdf-compress/make-pdfs';
import { docxBench } from '../tests/support/pdf-to-docx/bench-rows';

// tests/support/corpus.ts needs Jest's describe(); the bench reads the same folder directly.
const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../shared/corpus');
const corpusPdfs = (): string[] => {
  const dir = path.join(CORPUS_DIR, 'pdf');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
};

const MIN_GAIN = 0.03; // as lib/tools/pdf/compress/server.ts (not imported: it is 'server-only')

function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

function hasGs(): boolean {
  try {
    execFileSync('gs', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function inputs(dir: string): Promise<{ name: string; file: string }[]> {
  const made: [string, () => Promise<Uint8Array>][] = [
    ['made: 2 photos at 300 dpi (JPEG, Flate+SMask)', photoPdf],
    [
      'made: Gray/ICC/Indexed Flate images',
      async () => {
        const icc = await (
          await import('sharp')
        )
          .default({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
          .withIccProfile('srgb')
          .jpeg()
          .toBuffer({ resolveWithObject: true });
        const meta = await (await import('sharp')).default(icc.data).metadata();
        return mixedImagePdf(meta.icc);
      },
    ],
    ['made: text only, 3 pages', () => textPdf(3)],
  ];
  const out: { name: string; file: string }[] = [];
  for (const [name, make] of made) {
    const file = path.join(dir, `${out.length}.pdf`);
    fs.writeFileSync(file, await make());
    out.push({ name, file });
  }
  for (const f of corpusPdfs()) out.push({ name: `corpus: ${path.basename(f)}`, file: f });
  return out;
}

async function compressRows(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-bench-'));
  const rows: BenchRow[] = [];
  const gs = hasGs();
  try {
    for (const { name, file } of await inputs(dir)) {
      const bytes = fs.readFileSync(file);
      const pages = pageCount(file);
      const t0 = Date.now();
      let out = await compressPdf(bytes, file, path.basename(file));
      const ms = Date.now() - t0;
      if (out.length > bytes.length * (1 - MIN_GAIN)) out = bytes; // what the processor returns
      const ours = path.join(dir, 'ours.pdf');
      fs.writeFileSync(ours, out);
      const q = compareDocs(file, ours, pages);
      let note = 'gs not installed';
      if (gs) {
        const ref = path.join(dir, 'gs.pdf');
        const gms = gsEbook(file, ref);
        const gq = compareDocs(file, ref, pages);
        note = `gs /ebook: ${(fs.statSync(ref).size / bytes.length).toFixed(3)}, SSIM ${gq.mean.toFixed(4)} (worst ${gq.worst.toFixed(4)}), ${(gms / 1000).toFixed(1)} s`;
      }
      rows.push({
        tool: 'pdf/compress',
        input: `${name} (${pages} p${q.compared < pages ? `, SSIM on ${q.compared}` : ''}, ${(bytes.length / 1024).toFixed(0)} KB)`,
        ratio: Number((out.length / bytes.length).toFixed(3)),
        quality: `SSIM ${q.mean.toFixed(4)} (worst ${q.worst.toFixed(4)})`,
        ms,
        note,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Time and peak memory (RSS, sampled) on a ~100 MB file: the server must survive it. */
async function bigRow(): Promise<BenchRow> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-bench-big-'));
  try {
    const file = path.join(dir, 'big.pdf');
    fs.writeFileSync(file, await bigPhotoPdf(100));
    const bytes = fs.readFileSync(file);
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const t0 = Date.now();
    const out = await compressPdf(bytes, file, 'big.pdf');
    const ms = Date.now() - t0;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      tool: 'pdf/compress',
      input: `made: ${(bytes.length / 1048576).toFixed(0)} MB, ${pageCount(file)} pages of 430 dpi photos`,
      ratio: Number((out.length / bytes.length).toFixed(3)),
      ms,
      peakMB: Math.round(peak / 1048576),
      note: `RSS before the call ${Math.round(base / 1048576)} MB (input bytes held once)`,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchRow[]> {
  return [...(await compressRows()), await bigRow(), ...(await docxBench(corpusPdfs()))];
}

if (process.argv[1] && /pdf-compress-docx\.bench\.ts$/.test(process.argv[1])) {
  void bench().then((rows) => console.table(rows));
}
