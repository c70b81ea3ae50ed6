// Site pages (issue 18): Lighthouse scores and first-load JavaScript against their targets, in one run.
// - Lighthouse 12 (Apache-2.0) drives Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; nothing is
//   downloaded): desktop preset and the default mobile preset (simulated slow 4G, 4x CPU). Targets: 100 in
//   every category on desktop, >= 95 mobile performance, 100 in the other mobile categories.
// - First-load JS: gzip -9 of every `<script src>` chunk in the page's HTML. Target: <= 224 KB (1000 bytes),
//   the tool pages' first load before issue 18.
// The production build is made into .next-bench (or SITE_BENCH_DIST; BENCH_SKIP_BUILD=1 reuses it) and served
// by server.mjs; SITE_BENCH_URL measures a server that is already running instead.
// Run: npm run bench site
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './types';
import { TOOLS, routeOf, type PageKind } from '../lib/tools/registry';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FIRST_LOAD_LIMIT_KB = 224;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.SITE_BENCH_RUNS ?? 3));
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof import('lighthouse').default>>>['lhr'];

/** The home page and the first tool of each page kind (pages of one kind load the same code). */
function benchPages(): string[] {
  const seen = new Set<PageKind>();
  const tools = TOOLS.filter((t) => !seen.has(t.kind) && seen.add(t.kind));
  return ['/', ...tools.map(routeOf)];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** A production server of this tree: built into its own folder, served on a free port. */
async function startSite(): Promise<{ url: string; stop: () => void }> {
  if (process.env.SITE_BENCH_URL) return { url: process.env.SITE_BENCH_URL.replace(/\/$/, ''), stop: () => {} };
  const dist = process.env.SITE_BENCH_DIST ?? '.next-bench';
  const env = { ...process.env, NEXT_DIST_DIR: dist, ALLOW_LOCALHOST_SITE_URL: '1' };
  if (process.env.BENCH_SKIP_BUILD !== '1' || !fs.existsSync(dist)) {
    const r = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`the build failed (exit ${r.status})`);
  }
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-data-'));
  const server: ChildProcess = spawn('node', ['server.mjs'], {
    stdio: 'ignore',
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, RATE_LIMIT_PER_MINUTE: '0' },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, 60_000);
  return {
    url,
    stop: () => {
      server.kill('SIGTERM');
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

/** gzip -9 bytes of the scripts a page's HTML loads. */
async function firstLoadBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]))];
  let total = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

/** Debian's Chromium with a DevTools port for Lighthouse. */
async function startChromium(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-chrome-'));
  const chrome = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000);
  return {
    port,
    stop: () => {
      chrome.kill('SIGTERM');
      setTimeout(() => fs.rmSync(profile, { recursive: true, force: true }), 1000);
    },
  };
}

type Scores = Record<(typeof CATEGORIES)[number], number>;
type TraceEvent = {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/**
 * CPU time of the page's main thread in a Lighthouse trace (ms): the thread time of its top-level tasks. Load on
 * the machine stretches Lighthouse's wall-clock task times (and so TBT) far more than this figure.
 */
export function mainThreadMs(events: readonly TraceEvent[]): number {
  const threads = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      threads.set(`${e.pid}:${e.tid}`, 0);
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && threads.has(key) && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
      threads.set(key, threads.get(key)! + (e.tdur ?? e.dur ?? 0));
  }
  // The busiest renderer main thread is the page's (about:blank and others barely run).
  return Math.max(0, ...threads.values()) / 1000;
}

export default async function run(): Promise<BenchRow[]> {
  if (spawnSync(CHROMIUM, ['--version']).status !== 0) {
    return [{ tool: 'site', input: '-', note: `skipped: no Chromium at ${CHROMIUM}` }];
  }
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const rows: BenchRow[] = [];
  const site = await startSite();
  const chrome = await startChromium();
  try {
    for (const page of benchPages()) {
      const url = `${site.url}${page}`;
      const kb = (await firstLoadBytes(url)) / 1000;
      const scores: Partial<Record<'desktop' | 'mobile', Scores>> = {};
      const failed: string[] = [];
      for (const form of ['desktop', 'mobile'] as const) {
        // Lighthouse's advice: the median of several runs (scores move with the machine's load).
        const runs: Array<{ lhr: LighthouseResult; ms: number; thread: number }> = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          const result = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
            form === 'desktop' ? desktopConfig : undefined,
          );
          if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
          const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
          const thread = trace ? mainThreadMs(trace.traceEvents) : NaN;
          runs.push({ lhr: result.lhr, ms: performance.now() - started, thread });
        }
        runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
        const { lhr, ms } = runs[Math.floor(runs.length / 2)];
        const s = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Scores;
        scores[form] = s;
        // Every audit that cost points, so a score below target says why.
        const lost = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .filter((a) => CATEGORIES.some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight)))
          .map((a) => a.id);
        for (const c of CATEGORIES) {
          const target = form === 'mobile' && c === 'performance' ? 95 : 100;
          if (s[c] < target) failed.push(`${form} ${c} ${s[c]} < ${target}`);
        }
        rows.push({
          tool: `lighthouse ${form}`,
          input: page,
          quality: CATEGORIES.map((c) => s[c]).join('/'),
          ms,
          note: [
            `median of ${RUNS}: ${runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)).join(', ')}`,
            `CPU index ${Math.round(lhr.environment.benchmarkIndex)}`,
            `main-thread CPU ${runs.map((r) => Math.round(r.thread)).join(', ')} ms`,
            `LCP ${Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)} ms`,
            `TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms`,
            lost.length ? `lost: ${lost.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; '),
        });
      }
      if (kb > FIRST_LOAD_LIMIT_KB) failed.push(`first-load JS ${kb.toFixed(1)} KB > ${FIRST_LOAD_LIMIT_KB}`);
      rows.push({
        tool: 'first-load JS',
        input: page,
        quality: `${kb.toFixed(1)} KB gz`,
        note: `target <= ${FIRST_LOAD_LIMIT_KB} KB; ${failed.length ? `MISSED: ${failed.join('; ')}` : 'all targets met'}`,
      });
    }
  } finally {
    chrome.stop();
    site.stop();
  }
  rows.push({
    tool: 'site',
    input: 'targets',
    note: `desktop 100/100/100/100, mobile performance >= 95 (quality = perf/a11y/best practices/SEO); load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  });
  return rows;
}
