// npm run bench [filter]: runs every bench/*.bench.ts in its own process (so peak memory is its own) and
// prints one table; also writes bench-results/bench.md. Speed and size targets live here, not in tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const filter = process.argv[2] ?? '';
const files = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
const rows = [];
for (const f of files) {
  const out = path.join(os.tmpdir(), `bench-${process.pid}-${f}.json`);
  console.error(`[bench] ${f} ...`);
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/bench-one.ts', path.join('bench', f), out],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0 || !fs.existsSync(out)) {
    rows.push({ tool: f, input: '(failed)', note: `exit ${r.status}` });
    continue;
  }
  const { rows: got, maxRssMB } = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  for (const row of got) rows.push({ ...row, peakMB: row.peakMB ?? maxRssMB });
  console.error(`[bench] ${f} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const cols = [
  ['tool', (r) => r.tool],
  ['input', (r) => r.input],
  ['out/in', (r) => (r.ratio === undefined ? '' : r.ratio.toFixed(3))],
  ['quality', (r) => r.quality ?? ''],
  [
    'time',
    (r) => (r.ms === undefined ? '' : r.ms >= 1000 ? `${(r.ms / 1000).toFixed(2)} s` : `${Math.round(r.ms)} ms`),
  ],
  ['peak MB', (r) => (r.peakMB === undefined ? '' : String(Math.round(r.peakMB)))],
  ['note', (r) => r.note ?? ''],
];
const cells = rows.map((r) => cols.map(([, f]) => String(f(r))));
const widths = cols.map(([h], i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
const table = [
  line(cols.map(([h]) => h)),
  `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
  ...cells.map(line),
].join('\n');
console.log(table);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync('bench-results/bench.md', `${table}\n`);
