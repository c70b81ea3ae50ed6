// The per-tool cost estimate (lib/tools/cost.ts) against the CPU time each tool really takes, for every
// corpus file it accepts (plus generated large images, the corpus having only small ones). A row per job:
// measured CPU seconds (all threads of this process: the tool's pdf.js, OCR and WASM threads included; on a
// shared machine wall time mostly measures the other tenants), the estimate and their ratio. A summary row
// per tool gives the worst over- and under-estimate and the largest estimate as a share of the refusal
// threshold (COST_MARGIN x JOB_TIMEOUT_SECONDS): far below 1 means no corpus file comes near a refusal.
// Run: npx tsx --conditions=react-server bench/job-cost.bench.ts (COST_BENCH_TOOLS=pdf/compress,... to choose;
// COST_BENCH_JSON=file.json also writes the features, for refitting the models).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BenchRow } from './types';
import { COST_MARGIN, estimateJob } from '../lib/tools/cost';
import { processors } from '../lib/tools/processors';
import type { FileToolApi } from '../lib/tools/registry';
import type { JobInput, JobOptions } from '../lib/tools/types';
import { serverConfig } from '../lib/config';
import { scannedBookPdf } from '../tests/support/cost-bombs';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../shared/corpus');

const files = (folder: string, ext: RegExp) => {
  const dir = path.join(CORPUS_DIR, folder);
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => ext.test(f))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
};

interface Case {
  api: FileToolApi;
  label: string;
  inputs: string[];
  options?: JobOptions;
}

const kindOf = (p: string): JobInput['kind'] =>
  /\.pdf$/i.test(p)
    ? 'pdf'
    : /\.docx$/i.test(p)
      ? 'docx'
      : /\.pptx$/i.test(p)
        ? 'pptx'
        : /\.png$/i.test(p)
          ? 'png'
          : 'jpeg';

/** Noise images (the worst case for every image tool), since the corpus photos are all small. */
async function generated(dir: string): Promise<{ jpg: string[]; png: string[] }> {
  const out = { jpg: [] as string[], png: [] as string[] };
  for (const mp of [4, 16]) {
    const side = Math.round(Math.sqrt(mp * 1e6));
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    const img = () => sharp(raw, { raw: { width: side, height: side, channels: 3 } });
    const jpg = path.join(dir, `noise-${mp}mp.jpg`);
    const png = path.join(dir, `noise-${mp}mp.png`);
    await img().jpeg({ quality: 90 }).toFile(jpg);
    await img().png({ compressionLevel: 1 }).toFile(png);
    out.jpg.push(jpg);
    out.png.push(png);
  }
  return out;
}

async function cases(dir: string): Promise<Case[]> {
  const pdfs = [...files('pdf', /\.pdf$/i), ...files('pdf-real', /\.pdf$/i)];
  const docx = files('docx', /\.docx$/i);
  const pptx = files('pptx', /\.pptx$/i);
  const gen = await generated(dir);
  const jpg = [...files('photo', /\.jpe?g$/i), ...gen.jpg];
  const png = [...files('png', /\.png$/i), ...gen.png];
  const rel = (p: string) => path.relative(CORPUS_DIR, p).replace(/^(\.\.\/)+.*\//, 'generated/');
  // The time bomb of tests/support/cost-bombs.ts at a scale that finishes: its per-page cost is measured here.
  const scan = path.join(dir, 'scanned-book-5p.pdf');
  fs.writeFileSync(scan, await scannedBookPdf(5));
  const one = (api: FileToolApi, list: string[], options?: JobOptions): Case[] =>
    list.map((p) => ({ api, label: rel(p), inputs: [p], options }));
  const twice = (api: FileToolApi, list: string[]): Case[] =>
    list.map((p) => ({ api, label: `${rel(p)} x2`, inputs: [p, p] }));
  return [
    ...one('pdf/compress', pdfs),
    ...one('pdf/to_docx', [...pdfs, scan]),
    ...twice('pdf/merge', pdfs),
    ...one('pdf/lock', pdfs, { password: 'bench-Pass-2026' }),
    ...twice('docx/merge', docx),
    ...twice('pptx/merge', pptx),
    ...one('image/compress', [...jpg, ...png]),
    ...one('image/jpg_to_png', jpg),
    ...one('image/png_to_jpg', png),
    ...one('image/png_to_svg', png),
    ...one('image/remove_background', [...jpg.slice(0, 2), png[0], gen.jpg[0]]),
  ];
}

export default async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (!fs.existsSync(CORPUS_DIR)) return [{ tool: 'job cost', input: 'corpus', note: 'skipped: corpus absent' }];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-cost-'));
  const only = process.env.COST_BENCH_TOOLS?.split(',');
  const all = (await cases(dir)).filter((c) => !only || only.includes(c.api));
  const threshold = (COST_MARGIN * serverConfig().jobTimeoutMs) / 1000;
  const dump: object[] = [];
  const byTool = new Map<string, { est: number; cpu: number }[]>();
  for (const c of all) {
    const inputs: JobInput[] = c.inputs.map((p) => ({
      path: p,
      name: path.basename(p),
      size: fs.statSync(p).size,
      kind: kindOf(p),
    }));
    const options = c.options ?? {};
    const t0 = performance.now();
    const est = await estimateJob(c.api, inputs, options);
    const estMs = performance.now() - t0;
    const workDir = fs.mkdtempSync(path.join(dir, 'tmp-job-'));
    const mod = await processors[c.api]();
    const cpu0 = process.cpuUsage();
    const w0 = performance.now();
    let error = '';
    try {
      await mod.run(inputs, options, { workDir });
    } catch (e) {
      error = e instanceof Error ? e.message.slice(0, 60) : String(e);
    }
    const u = process.cpuUsage(cpu0);
    const cpu = (u.user + u.system) / 1e6;
    const wall = (performance.now() - w0) / 1000;
    fs.rmSync(workDir, { recursive: true, force: true });
    dump.push({ api: c.api, label: c.label, cpu, wall, features: est?.features ?? null, error });
    if (process.env.COST_BENCH_JSON) fs.writeFileSync(process.env.COST_BENCH_JSON, JSON.stringify(dump, null, 1));
    if (est && !error) byTool.set(c.api, [...(byTool.get(c.api) ?? []), { est: est.seconds, cpu }]);
    rows.push({
      tool: `cost ${c.api}`,
      input: c.label,
      ms: cpu * 1000,
      note: `${error ? `error "${error}"; ` : ''}estimate ${est ? `${est.seconds.toFixed(1)} s (x${(est.seconds / Math.max(cpu, 0.05)).toFixed(2)} of measured), read in ${Math.round(estMs)} ms` : 'none'}; wall ${wall.toFixed(1)} s; load ${os.loadavg()[0].toFixed(1)}`,
    });
  }
  if (!only || only.includes('pdf/to_docx')) {
    const book = path.join(dir, 'scanned-book-300p.pdf');
    fs.writeFileSync(book, await scannedBookPdf(300));
    const est = await estimateJob(
      'pdf/to_docx',
      [{ path: book, name: 'b.pdf', size: fs.statSync(book).size, kind: 'pdf' }],
      {},
    );
    rows.push({
      tool: 'cost pdf/to_docx',
      input: 'generated/scanned-book-300p.pdf',
      note: `not run (60 x the 5-page book above); estimate ${est?.seconds.toFixed(0)} s: refused at once`,
    });
  }
  for (const [api, list] of byTool) {
    const ratios = list.map((r) => r.est / Math.max(r.cpu, 0.05));
    const top = Math.max(...list.map((r) => r.est));
    rows.push({
      tool: `cost ${api}`,
      input: `summary of ${list.length}`,
      note: `estimate/measured ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}; largest estimate ${top.toFixed(1)} s = ${((100 * top) / threshold).toFixed(1)} % of the refusal threshold (${threshold} s)`,
    });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}
