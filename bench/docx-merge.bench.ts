// Word merge: time and peak memory of whole merges, each in a fresh process (peak RSS includes the ~100 MB
// Node/tsx baseline, reported in its own row). Reference: docxcompose merges 10 documents of ~1 MB in 3.9 s
// (figure from issue 5; docxcompose is a Python library and is not installed here, so it is not re-run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './types';
import { buildDocx, noisePng } from '../tests/support/docx/build-docs';

const root = path.resolve(__dirname, '..');
const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(root, '../shared/corpus');
const runner = path.join(root, 'tests/support/docx/bench-run.ts');

function run(out: string, inputs: string[]): { ms: number; cpuMs: number; peakMB: number } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', runner, out, ...inputs], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status !== 0) throw new Error(`merge failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { ms: number; cpuMs: number; peakMB: number };
}

const size = (files: string[]) => files.reduce((n, f) => n + fs.statSync(f).size, 0);
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
/** CPU time of the merge process (all threads) and the machine's load, since wall time depends on both. */
const cpu = (r: { cpuMs: number }) =>
  `CPU ${Math.round(r.cpuMs)} ms, load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

export default async function bench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docx-merge-bench-'));
  const rows: BenchRow[] = [];
  try {
    const out = path.join(dir, 'out.docx');
    const baseline = run(out, []);
    rows.push({
      tool: 'word-merge',
      input: 'no input (process baseline)',
      ms: Math.round(baseline.ms),
      peakMB: Math.round(baseline.peakMB),
      note: 'Node + tsx start-up memory, included in every peak below',
    });

    const built: string[] = [];
    for (let i = 0; i < 10; i++) {
      const f = path.join(dir, `doc${i}.docx`);
      fs.writeFileSync(
        f,
        await buildDocx({
          tag: `Doc${i}`,
          header: true,
          extras: true,
          notes: 20,
          paragraphs: 400,
          listItems: 30,
          image: noisePng(420, 420, i + 1),
          landscape: i % 3 === 2,
        }),
      );
      built.push(f);
    }
    const r10 = run(out, built);
    rows.push({
      tool: 'word-merge',
      input: `10 built documents (${mb(size(built))}: text, lists, 21 footnotes, comment, picture each)`,
      ms: Math.round(r10.ms),
      peakMB: Math.round(r10.peakMB),
      ratio: +(fs.statSync(out).size / size(built)).toFixed(2),
      note: `${cpu(r10)}; docxcompose: 3.9 s for 10 documents of ~1 MB (issue 5)`,
    });

    const corpus = (n: string) => path.join(CORPUS_DIR, 'docx', n);
    if (fs.existsSync(CORPUS_DIR)) {
      const aat = Array.from({ length: 10 }, () => corpus('d1_aatmay.docx'));
      const ra = run(out, aat);
      rows.push({
        tool: 'word-merge',
        input: `10 × d1_aatmay.docx (${mb(size(aat))}, 19 footnotes, embedded fonts)`,
        ms: Math.round(ra.ms),
        peakMB: Math.round(ra.peakMB),
        ratio: +(fs.statSync(out).size / size(aat)).toFixed(2),
        note: `${cpu(ra)}; docxcompose: 3.9 s for 10 documents of ~1 MB (issue 5)`,
      });
      const big = [corpus('poi-bug65649.docx'), corpus('d2_ComplexNumberedLists.docx')];
      const rb = run(out, big);
      rows.push({
        tool: 'word-merge',
        input: 'poi-bug65649 (12.6 MB document.xml, 2.6 MB styles, 15 sections) + d2',
        ms: Math.round(rb.ms),
        peakMB: Math.round(rb.peakMB),
        note: `${cpu(rb)}; goal: seconds, not minutes (docx-merger family: 259 s on two large documents)`,
      });
      const all = fs
        .readdirSync(path.join(CORPUS_DIR, 'docx'))
        .filter((f) => f.endsWith('.docx'))
        .sort()
        .map(corpus);
      const rc = run(out, all);
      rows.push({
        tool: 'word-merge',
        input: `all ${all.length} corpus documents (${mb(size(all))})`,
        ms: Math.round(rc.ms),
        peakMB: Math.round(rc.peakMB),
        ratio: +(fs.statSync(out).size / size(all)).toFixed(2),
        note: cpu(rc),
      });
    } else {
      rows.push({ tool: 'word-merge', input: 'corpus rows', note: `skipped: ${CORPUS_DIR} absent` });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
