// Calls the real API route handlers in-process (no HTTP server), with a private data directory per test
// file. Jobs still run in the real worker pool from the bundled worker (built by Jest's global setup).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileToolByApi } from '@/lib/tools/registry';
import { resetJobPool } from '@/lib/jobs/pool';
import { resetRateLimits } from '@/lib/api/rate-limit';
import type { FixtureFile } from './tool-fixture';
import { resolveApiRoute } from './app-router';

/** Points DATA_DIR at a fresh temp folder for this test file and tears everything down after it. */
export function useTestDataDir(env: Record<string, string> = {}): { dir: () => string } {
  let dir = '';
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onedesk-test-'));
    const all = { DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: '0', MAX_JOBS_PER_CLIENT: '0', ...env };
    for (const [k, v] of Object.entries(all)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetRateLimits();
  });
  afterAll(async () => {
    await resetJobPool();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir };
}

export const newSessionId = () => `${Date.now()}${Math.random().toString(36).slice(2, 11).padEnd(9, '0')}`;

// Each simulated visitor has its own address and cookie jar (the session owner cookie), like a browser.
interface Visitor {
  ip: string;
  cookie: string;
}
const visitors = new Map<string, Visitor>();
let current = 'alice';

/** Runs fn as another visitor (own IP and cookies). */
export async function as<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const before = current;
  current = name;
  try {
    return await fn();
  } finally {
    current = before;
  }
}

function visitor(): Visitor {
  let v = visitors.get(current);
  if (!v) {
    v = { ip: `127.0.0.${visitors.size + 1}`, cookie: '' };
    visitors.set(current, v);
  }
  return v;
}

export async function call(
  method: string,
  urlPath: string,
  init: RequestInit = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const url = `http://localhost${urlPath}`;
  const v = visitor();
  const req = new Request(url, {
    ...init,
    method,
    headers: {
      'x-forwarded-for': v.ip,
      ...(v.cookie ? { cookie: v.cookie } : {}),
      ...headers,
      ...(init.headers as Record<string, string>),
    },
  });
  const route = resolveApiRoute(method, urlPath);
  if (!route) throw new Error(`no route.ts exports ${method} for ${urlPath}`);
  const res = await route.handler(req, { params: Promise.resolve(route.params) });
  const set = res.headers.get('set-cookie');
  if (set) v.cookie = set.split(';')[0];
  return res;
}

const mimeOf = (name: string) =>
  ({
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    bmp: 'image/bmp',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  })[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';

export function multipart(api: string, files: FixtureFile[], fields: Record<string, string | undefined>): FormData {
  const tool = fileToolByApi(api);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  const field = tool?.kind === 'merge' ? 'files' : 'file';
  for (const f of files)
    form.append(field, new Blob([new Uint8Array(f.data)], { type: f.type ?? mimeOf(f.name) }), f.name);
  return form;
}

export async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (status ${res.status}): ${text.slice(0, 200)}`);
  }
}

/** sessionId null: the form carries no session_id at all. */
export async function upload(
  api: string,
  files: FixtureFile[],
  fields: Record<string, string | undefined> = {},
  sessionId: string | null = newSessionId(),
) {
  const res = await call('POST', `/api/${api}/upload/`, {
    body: multipart(api, files, { session_id: sessionId ?? undefined, ...fields }),
  });
  return { res, body: await json(res), sessionId: sessionId! };
}

export async function processStep(api: string, body: Record<string, unknown>) {
  const res = await call('POST', `/api/${api}/process/`, {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { res, body: await json(res) };
}

export async function download(api: string, fileId: string) {
  const res = await call('GET', `/api/${api}/download/${fileId}/`);
  return { res, data: Buffer.from(await res.arrayBuffer()) };
}

export async function cleanup(api: string, sessionId: string) {
  const res = await call('DELETE', `/api/${api}/cleanup/${sessionId}/`);
  return { res, body: await json(res) };
}

/** The whole job, asserting each step succeeds; returns the downloaded result. */
export async function runJob(api: string, files: FixtureFile[], fields: Record<string, string> = {}) {
  const up = await upload(api, files, fields);
  if (up.res.status !== 200) throw new Error(`upload ${up.res.status}: ${JSON.stringify(up.body)}`);
  const pr = await processStep(api, { session_id: up.sessionId, ...fields });
  if (pr.res.status !== 200) throw new Error(`process ${pr.res.status}: ${JSON.stringify(pr.body)}`);
  const dl = await download(api, pr.body.file_id as string);
  if (dl.res.status !== 200) throw new Error(`download ${dl.res.status}`);
  return {
    sessionId: up.sessionId,
    fileId: pr.body.file_id as string,
    res: dl.res,
    data: dl.data,
    processBody: pr.body,
  };
}

export { loadFixture } from './tool-fixture';
