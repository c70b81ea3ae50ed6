// PowerPoint merge: time and peak memory of whole merges, each in a fresh process (peak RSS includes the
// Node/tsx baseline, reported in its own row). Reference: pptx-automizer takes ~23 s for 10 decks / 227
// slides (figure from issue 6; it is not installed here, so it is not re-run). Goal: <= 5 s.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './types';
import { buildDeck } from '../tests/support/pptx/build-deck';

const root = path.resolve(__dirname, '..');
const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(root, '../shared/corpus');
const runner = path.join(root, 'tests/support/pptx/bench-run.ts');

interface Run {
  ms: number;
  cpuMs: number;
  slides: number;
  peakMB: number;
}

function run(out: string, inputs: string[]): Run {
  const r = spawnSync(process.execPath, ['--import', 'tsx', runner, out, ...inputs], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status !== 0) throw new Error(`merge failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Run;
}

const size = (files: string[]) => files.reduce((n, f) => n + fs.statSync(f).size, 0);
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const REF = 'pptx-automizer: ~23 s for 10 decks / 227 slides (issue 6); goal <= 5 s';

function row(input: string, r: Run, out: string, inputs: string[], note?: string): BenchRow {
  return {
    tool: 'powerpoint-merge',
    input: `${input}: ${r.slides} slides, ${mb(size(inputs))}`,
    ms: Math.round(r.ms),
    peakMB: Math.round(r.peakMB),
    ratio: +(fs.statSync(out).size / size(inputs)).toFixed(2),
    note: `CPU ${(r.cpuMs / 1000).toFixed(1)} s${note ? `; ${note}` : ''}`,
  };
}

export default async function bench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pptx-merge-bench-'));
  const rows: BenchRow[] = [];
  try {
    const out = path.join(dir, 'out.pptx');
    const baseline = run(out, []);
    rows.push({
      tool: 'powerpoint-merge',
      input: 'no input (process baseline)',
      ms: Math.round(baseline.ms),
      peakMB: Math.round(baseline.peakMB),
      note: 'Node + tsx start-up memory, included in every peak below',
    });

    if (fs.existsSync(CORPUS_DIR)) {
      const c = (n: string) => path.join(CORPUS_DIR, 'pptx', n);
      const ten = [
        'p4_aes_maloney_A4.pptx',
        'poi-HowWeRefactor.pptx',
        'poi-60810.pptx',
        'poi-ececapstonespring2012.pptx',
        'poi-aascu-cooper.pptx',
        'poi-themes.pptx',
        'pypptx-cht-chart-type.pptx',
        'p4_aes_maloney_A4.pptx',
        'poi-HowWeRefactor.pptx',
        'poi-60810.pptx',
      ].map(c);
      rows.push(
        row(
          '10 real decks (A4 first; 4:3, 16:9 fitted; 9-master, chart, SmartArt decks)',
          run(out, ten),
          out,
          ten,
          REF,
        ),
      );
      const all = fs
        .readdirSync(path.join(CORPUS_DIR, 'pptx'))
        .filter((f) => f.endsWith('.pptx'))
        .sort()
        .map(c);
      rows.push(row(`all ${all.length} corpus decks`, run(out, all), out, all, REF));
    } else {
      rows.push({ tool: 'powerpoint-merge', input: 'corpus rows', note: `skipped: ${CORPUS_DIR} absent` });
    }

    const built: string[] = [];
    for (let i = 0; i < 10; i++) {
      const f = path.join(dir, `deck${i}.pptx`);
      fs.writeFileSync(
        f,
        await buildDeck({
          layout: i % 3 === 2 ? 'LAYOUT_4x3' : 'LAYOUT_16x9',
          label: `Deck${i}`,
          slides: 23,
          chart: true,
          table: true,
          hidden: [3],
        }),
      );
      built.push(f);
    }
    rows.push(
      row(
        '10 built decks (pptxgenjs; chart, table, picture, notes; every third 4:3)',
        run(out, built),
        out,
        built,
        REF,
      ),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
