// Memory probe against a running server: generated PDF bombs through each PDF tool over HTTP, two at a time
// (the default slots), the server's process-tree RSS sampled every 25 ms; prints idle, peak and after, and the
// slowest answer to a light request (text count) sent meanwhile.
// Usage: SERVER_PID=<pid of node server.mjs> BASE=http://127.0.0.1:3000 npx tsx scripts/memory-probe.ts
// Each job comes from its own address in X-Forwarded-For: start the server with TRUST_PROXY_HOPS=1.
import fs from 'node:fs';
import { pdfBomb, type BombKind } from '../tests/support/pdf-bombs';
const base = process.env.BASE ?? 'http://127.0.0.1:3000';
const pid = Number(process.env.SERVER_PID);
const MB = 1024 * 1024;
function rssOf(p: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return 0;
  }
}
function kids(p: number): number[] {
  const out: number[] = [];
  for (const t of fs.readdirSync(`/proc/${p}/task`)) {
    try {
      out.push(...fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
    } catch {}
  }
  return out;
}
const tree = (p: number): number => rssOf(p) + kids(p).reduce((n, c) => n + tree(c), 0);
let peak = 0;
setInterval(() => {
  peak = Math.max(peak, tree(pid));
}, 25).unref();
const sid = () => `${Date.now()}${Math.random().toString(36).slice(2, 11).padEnd(9, '0')}`;
let ipn = 10;
async function job(api: string, kind: BombKind, data: Buffer, files: number) {
  const ip = `10.0.0.${ipn++}`;
  const form = new FormData();
  const s = sid();
  form.append('session_id', s);
  if (api === 'pdf/lock') form.append('password', 'secret-42');
  for (let i = 0; i < files; i++)
    form.append(
      files > 1 ? 'files' : 'file',
      new Blob([new Uint8Array(data)], { type: 'application/pdf' }),
      `${kind}.pdf`,
    );
  const up = await fetch(`${base}/api/${api}/upload/`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': ip },
  });
  const cookie = (up.headers.get('set-cookie') ?? '').split(';')[0];
  if (up.status !== 200) return `${api} ${kind}: upload ${up.status}`;
  const t = Date.now();
  const pr = await fetch(`${base}/api/${api}/process/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
    body: JSON.stringify({ session_id: s, password: 'secret-42' }),
  });
  const body = await pr.text();
  await fetch(`${base}/api/${api}/cleanup/${s}/`, { method: 'DELETE', headers: { cookie, 'x-forwarded-for': ip } });
  return `${api} ${kind}: ${pr.status} ${((Date.now() - t) / 1000).toFixed(1)} s ${pr.status !== 200 ? body.slice(0, 120) : ''}`;
}
const kinds: BombKind[] = ['lzw', 'runlength', 'ascii85', 'indexed', 'hugepage', 'flate-content'];
const tools = [
  ['pdf/compress', 1],
  ['pdf/to_docx', 1],
  ['pdf/merge', 2],
  ['pdf/lock', 1],
] as const;
(async () => {
  const bombs = new Map<BombKind, Buffer>();
  for (const k of kinds) bombs.set(k, await pdfBomb(k));
  const idle = tree(pid);
  // A light request twice a second (within the rate limit) while jobs run: how long the server stalls.
  let worst = 0;
  let pinging = true;
  const pinger = (async () => {
    while (pinging) {
      const t = Date.now();
      await fetch(`${base}/api/text/count/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
        body: JSON.stringify({ text: 'hello world' }),
      });
      worst = Math.max(worst, Date.now() - t);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  console.log(`idle tree RSS ${(idle / MB).toFixed(0)} MB`);
  const work = tools.flatMap(([api, n]) => kinds.map((k) => () => job(api, k, bombs.get(k)!, n)));
  // two at a time: the default slots
  let i = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (i < work.length) console.log(await work[i++]());
    }),
  );
  pinging = false;
  await pinger;
  console.log(`peak tree RSS ${(peak / MB).toFixed(0)} MB; slowest light request meanwhile ${worst} ms`);
  for (const wait of [1000, 5000]) {
    await new Promise((r) => setTimeout(r, wait));
    console.log(`after +${wait} ms: tree RSS ${(tree(pid) / MB).toFixed(0)} MB`);
  }
  process.exit(0);
})();
