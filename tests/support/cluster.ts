// A OneDesk cluster on this machine for the distributed integration test (e2e/distributed.spec.ts) and the
// bench (bench/distributed.bench.ts): web instances are the production server (`node server.mjs`, the
// current build: NEXT_DIST_DIR) on free loopback ports, workers are `npm run worker`, Redis and the S3
// gateway come from tests/support/services. Visitors talk plain HTTP with their own address and cookie.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startCeph, type CephGateway } from './services/ceph';
import { freePort, releasePort } from './services/process';
import type { FixtureFile } from './tool-fixture';

const root = path.resolve(__dirname, '..', '..');

export interface WebInstance {
  url: string;
  port: number;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** `node server.mjs` with this environment on a free port; resolves once it answers. */
export async function startWeb(env: Record<string, string>, timeoutMs = 60_000): Promise<WebInstance> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ALLOW_LOCALHOST_SITE_URL: '1',
      // Each visitor of the tests is told apart by its X-Forwarded-For, as behind a load balancer.
      TRUST_PROXY_HOPS: '1',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`web instance exited with ${proc.exitCode}:\n${out}`);
    const ok = await fetch(`${url}/api/text/count/`, {
      method: 'POST',
      body: '{"text":"ping"}',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.254' },
    }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`web instance not ready in ${timeoutMs} ms:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
      releasePort(port);
    },
  };
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** One browser: its own address and owner cookie, talking to whichever instance it is given. */
export class Visitor {
  private cookie = '';
  constructor(readonly ip: string) {}

  async call(base: string, method: string, urlPath: string, body?: BodyInit, json = false): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.cookie) headers.cookie = this.cookie;
    if (json) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${urlPath}`, { method, body, headers });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    return res;
  }

  async upload(base: string, api: string, files: FixtureFile[], fields: Record<string, string> = {}, merge = false) {
    const sessionId = `${Date.now()}${Math.random().toString(36).slice(2, 11).padEnd(9, '0')}`;
    const form = new FormData();
    form.append('session_id', sessionId);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files)
      form.append(
        merge ? 'files' : 'file',
        new Blob([new Uint8Array(f.data)], { type: f.type ?? MIME[f.name.split('.').pop()!.toLowerCase()] }),
        f.name,
      );
    const res = await this.call(base, 'POST', `/api/${api}/upload/`, form);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, sessionId };
  }

  async process(base: string, api: string, sessionId: string, fields: Record<string, string> = {}) {
    const res = await this.call(
      base,
      'POST',
      `/api/${api}/process/`,
      JSON.stringify({ session_id: sessionId, ...fields }),
      true,
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async download(base: string, api: string, fileId: string) {
    const res = await this.call(base, 'GET', `/api/${api}/download/${fileId}/`);
    return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
  }

  async cleanup(base: string, api: string, sessionId: string) {
    const res = await this.call(base, 'DELETE', `/api/${api}/cleanup/${sessionId}/`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
}

/** The single-node Ceph gateway, tried again when a start fails. A second net: startCeph() retries on fresh
 * ports itself, and the OSD's "wrong fsid" exit under load is fixed at its cause (services/ceph.ts). */
export async function startCephWithRetry(tries = 3): Promise<CephGateway> {
  for (let i = 1; ; i++) {
    try {
      return await startCeph();
    } catch (e) {
      if (i >= tries) throw e;
      console.warn(`[cluster] Ceph start ${i} failed, trying again: ${(e as Error).message.split('\n')[0]}`);
    }
  }
}
