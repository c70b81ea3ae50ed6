// npm run bench:load: drives the light endpoints (count, QR, a page) on loopback while heavy jobs (two
// background removals at a time) run, and prints throughput and p50/p99 latency per endpoint.
// Starts the production server itself (run `npm run build` first), on 127.0.0.1 only; every loop is bounded.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';

const PORT = Number(process.env.LOAD_PORT ?? 3400);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const HEAVY = Number(process.env.LOAD_HEAVY ?? 2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'onedesk-load-'));

if (!fs.existsSync(path.join(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

const server = spawn(process.execPath, ['server.mjs'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    MAX_JOBS_PER_CLIENT: '0',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

async function waitUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

// A photo-like 1600x1200 JPEG for the background removals.
const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 140, b: 200 } } })
  .composite([
    {
      input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="380" fill="#c33"/></svg>'),
      top: 0,
      left: 0,
    },
  ])
  .jpeg()
  .toBuffer();

let heavyDone = 0;
let heavyFailed = 0;
let running = true;

/** One background removal through the four steps, as a visitor's browser does it. */
async function removeOnce(i, cookie) {
  const sid = `${Date.now()}${(Math.random().toString(36) + '000000000').slice(2, 11)}`;
  const headers = () => (cookie.value ? { cookie: cookie.value } : {});
  const form = new FormData();
  form.append('session_id', sid);
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), `photo-${i}.jpg`);
  try {
    const up = await fetch(`${BASE}/api/image/remove_background/upload/`, {
      method: 'POST',
      body: form,
      headers: headers(),
    });
    const set = up.headers.get('set-cookie');
    if (set) cookie.value = set.split(';')[0];
    const pr = await fetch(`${BASE}/api/image/remove_background/process/`, {
      method: 'POST',
      body: JSON.stringify({ session_id: sid }),
      headers: { 'content-type': 'application/json', ...headers() },
    });
    return pr.ok;
  } catch {
    return false;
  } finally {
    await fetch(`${BASE}/api/image/remove_background/cleanup/${sid}/`, { method: 'DELETE', headers: headers() }).catch(
      () => {},
    );
  }
}

async function removalLoop(i) {
  const cookie = { value: '' };
  for (let n = 0; running && n < 1000; n++) {
    if (await removeOnce(i, cookie)) heavyDone++;
    else heavyFailed++;
  }
}

const targets = [
  {
    name: 'POST /api/text/count/',
    opts: {
      method: 'POST',
      path: '/api/text/count/',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '안녕하세요 hello 👋🏽 '.repeat(20) }),
    },
  },
  {
    name: 'POST /api/qr/generate/process/',
    opts: {
      method: 'POST',
      path: '/api/qr/generate/process/',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'https://onedesk.example/qr-generate?x=1', output_filename: 'qr.png' }),
    },
  },
  { name: 'GET /text-count (page)', opts: { method: 'GET', path: '/text-count' } },
];

function cannon(opts, seconds) {
  return new Promise((resolve, reject) => {
    const { path: urlPath, ...rest } = opts;
    autocannon({ url: `${BASE}${urlPath}`, connections: 8, duration: seconds, ...rest }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const rows = [];
try {
  await waitUp();
  // Warm up: the model loads once per worker; pages and endpoints compile on first use.
  await Promise.all(Array.from({ length: HEAVY }, (_, i) => removeOnce(i, { value: '' })));
  for (const t of targets) await cannon(t.opts, 2);

  for (const phase of ['idle', `${HEAVY} removals running`]) {
    running = true;
    heavyDone = 0;
    heavyFailed = 0;
    const loops = phase === 'idle' ? [] : Array.from({ length: HEAVY }, (_, i) => removalLoop(i));
    for (const t of targets) {
      const r = await cannon(t.opts, SECONDS);
      const non2xx = r.non2xx ?? 0;
      rows.push({
        phase,
        endpoint: t.name,
        'req/s': r.requests.average.toFixed(0),
        p50: `${r.latency.p50} ms`,
        p99: `${r.latency.p99} ms`,
        requests: r.requests.total,
        errors: r.errors + r.timeouts,
        non2xx,
      });
    }
    running = false;
    await Promise.all(loops);
    if (phase !== 'idle')
      rows.push({
        phase,
        endpoint: 'background removals',
        'req/s': '',
        p50: '',
        p99: '',
        requests: heavyDone,
        errors: heavyFailed,
        non2xx: '',
      });
  }
} finally {
  stop();
}

const keys = Object.keys(rows[0]);
const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
const line = (vals) => `| ${vals.map((v, i) => String(v).padEnd(widths[i])).join(' | ')} |`;
console.log(
  [
    line(keys),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map((r) => line(keys.map((k) => r[k]))),
  ].join('\n'),
);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync('bench-results/load.json', JSON.stringify(rows, null, 2));
