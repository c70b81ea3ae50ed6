// Hostile input through the real HTTP API of the production server (issue 9): every file of
// ../shared/corpus/bad plus bombs and junk made here, sent to every tool that accepts its type. Each must get
// a clear 4xx JSON error (or a result, for valid-but-odd files) within a time limit, the server must keep
// answering, and nothing of those sessions may stay in the data directory after cleanup.
import { test, expect, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { FILE_TOOLS, type FileToolDef } from '../lib/tools/registry';
import type { FixtureFile } from '../tests/support/tool-fixture';
import { CORPUS_DIR, hasCorpus } from '../tests/support/corpus';
import * as hostile from '../tests/support/hostile-files';
import { makePdf } from './support/files';
import { E2E_DATA_DIR } from './support/data-dir';

const STEP_LIMIT_MS = 90_000;
const PASSWORD = 'Hostile-123';
const newSession = () => `${Date.now()}${Math.random().toString(36).slice(2, 11).padEnd(9, '0')}`;

function toolsFor(name: string): FileToolDef[] {
  const ext = name.split('.').pop()!.toLowerCase();
  const kinds =
    ext === 'pdf'
      ? ['pdf']
      : ext === 'docx'
        ? ['docx']
        : ext === 'pptx'
          ? ['pptx']
          : ext === 'png'
            ? ['png']
            : ['jpeg'];
  return FILE_TOOLS.filter((t) => t.fileKinds.some((k) => kinds.includes(k)));
}

interface Outcome {
  step: string;
  status: number;
  body: { success?: boolean; error?: string };
}

function expectClear(o: Outcome, what: string) {
  expect(o.status, `${what}: ${o.step} answered ${o.status} ${JSON.stringify(o.body)}`).toBeLessThan(500);
  if (o.status >= 400) {
    expect(o.body.success, what).toBe(false);
    expect(typeof o.body.error, what).toBe('string');
    expect(o.body.error!.length, what).toBeGreaterThan(3);
    // No stack traces, server paths or internals in what the visitor reads.
    expect(o.body.error, what).not.toMatch(/\n\s+at |\/work\/|node_modules|TypeError|ReferenceError|undefined/);
  }
}

async function timed<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${STEP_LIMIT_MS} ms`)), STEP_LIMIT_MS);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Upload → process → cleanup; returns the step that ended it. */
async function attempt(
  request: APIRequestContext,
  tool: FileToolDef,
  files: FixtureFile[],
): Promise<Outcome & { sessionId: string }> {
  const sessionId = newSession();
  const field = tool.kind === 'merge' ? 'files' : 'file';
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    session_id: sessionId,
  };
  if (tool.kind === 'lock') multipart.password = PASSWORD;
  // Playwright's multipart takes one value per name; build the body by hand for repeated `files`.
  const boundary = `----hostile${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const add = (head: string, body: Buffer) =>
    parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`, 'utf8'), body, Buffer.from('\r\n'));
  for (const [k, v] of Object.entries(multipart))
    add(`Content-Disposition: form-data; name="${k}"`, Buffer.from(String(v)));
  for (const f of files) {
    const safe = f.name.replace(/[\r\n"]/g, '_');
    add(
      `Content-Disposition: form-data; name="${field}"; filename="${safe}"\r\nContent-Type: application/octet-stream`,
      f.data,
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const what = `${tool.api} <- ${files.map((f) => f.name).join(' + ')}`;
  try {
    const up = await timed(
      request.post(`/api/${tool.api}/upload/`, {
        data: Buffer.concat(parts),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        timeout: STEP_LIMIT_MS,
      }),
      `${what} upload`,
    );
    const upBody = await up.json();
    if (up.status() !== 200) return { step: 'upload', status: up.status(), body: upBody, sessionId };
    const pr = await timed(
      request.post(`/api/${tool.api}/process/`, {
        data: { session_id: sessionId, ...(tool.kind === 'lock' ? { password: PASSWORD } : {}) },
        timeout: STEP_LIMIT_MS,
      }),
      `${what} process`,
    );
    return { step: 'process', status: pr.status(), body: await pr.json(), sessionId };
  } finally {
    const cl = await request.delete(`/api/${tool.api}/cleanup/${sessionId}/`);
    expect(cl.status(), `${what} cleanup`).toBe(200);
    expect(fs.existsSync(path.join(E2E_DATA_DIR, 'sessions', sessionId)), `${what} left files behind`).toBe(false);
  }
}

async function serverStillAnswers(request: APIRequestContext) {
  const res = await request.post('/api/text/count/', { data: { text: 'still here' } });
  expect(res.status()).toBe(200);
}

async function companionFor(tool: FileToolDef): Promise<FixtureFile[]> {
  // Merges need two files: pair the hostile one with a valid PDF (other kinds are paired with themselves).
  return tool.api === 'pdf/merge' ? [{ name: 'valid.pdf', data: await makePdf('valid', 2) }] : [];
}

test.describe.configure({ mode: 'serial' });

test.describe('hostile input', () => {
  test.setTimeout(15 * 60_000);

  test('every file of ../shared/corpus/bad gets a clear answer from every tool that takes its type', async ({
    request,
  }) => {
    test.skip(!hasCorpus, `../shared/corpus is absent (${CORPUS_DIR}): corpus part skipped`);
    const dir = path.join(CORPUS_DIR, 'bad');
    const report: string[] = [];
    for (const name of fs.readdirSync(dir).sort()) {
      const file = { name, data: fs.readFileSync(path.join(dir, name)) };
      for (const tool of toolsFor(name)) {
        const extra = await companionFor(tool);
        const files = tool.kind === 'merge' ? (extra.length ? [file, ...extra] : [file, file]) : [file];
        const o = await attempt(request, tool, files);
        report.push(`${name} -> ${tool.api}: ${o.step} ${o.status} ${o.body.error ?? 'ok'}`);
        expectClear(o, `${name} -> ${tool.api}`);
        if (name === 'shattered-1.pdf')
          expect(o.status, `${name} is valid and must work with ${tool.api}: ${o.body.error ?? 'ok'}`).toBe(200);
        await serverStillAnswers(request);
      }
    }
    console.log(report.join('\n'));
  });

  test('bombs, lies and junk made here get clear 4xx errors', async ({ request }) => {
    const cases: { file: FixtureFile; tools: FileToolDef[] }[] = [];
    const byApi = (api: string) => FILE_TOOLS.filter((t) => t.api === api);
    cases.push({ file: await hostile.zipBombDocx(), tools: byApi('docx/merge') });
    cases.push({ file: await hostile.manyEntriesDocx(), tools: byApi('docx/merge') });
    cases.push({ file: await hostile.entityExpansionDocx(), tools: byApi('docx/merge') });
    cases.push({ file: hostile.hugeDimensionPng(), tools: toolsFor('x.png') });
    cases.push({ file: await hostile.truncatedPdf(), tools: toolsFor('x.pdf') });
    cases.push({ file: hostile.randomBytesPdf(), tools: toolsFor('x.pdf') });
    cases.push({ file: hostile.loopingPageTreePdf(), tools: toolsFor('x.pdf') });
    cases.push({ file: hostile.emptyFile('empty.pdf'), tools: toolsFor('x.pdf') });
    cases.push({ file: hostile.emptyFile('empty.png'), tools: toolsFor('x.png') });
    const report: string[] = [];
    for (const c of cases) {
      for (const tool of c.tools) {
        const extra = await companionFor(tool);
        const files = tool.kind === 'merge' ? (extra.length ? [c.file, ...extra] : [c.file, c.file]) : [c.file];
        const o = await attempt(request, tool, files);
        report.push(`${c.file.name} -> ${tool.api}: ${o.step} ${o.status} ${o.body.error ?? 'ok'}`);
        expectClear(o, `${c.file.name} -> ${tool.api}`);
        // None of these is a usable document: each must be refused, never "processed".
        expect(o.status, `${c.file.name} -> ${tool.api} must be refused`).toBeGreaterThanOrEqual(400);
        await serverStillAnswers(request);
      }
    }
    console.log(report.join('\n'));
  });

  test('hostile file names never become paths or break headers', async ({ request }) => {
    const tool = FILE_TOOLS.find((t) => t.api === 'pdf/compress')!;
    for (const name of hostile.HOSTILE_NAMES) {
      const sessionId = newSession();
      const up = await request.post(`/api/${tool.api}/upload/`, {
        multipart: {
          session_id: sessionId,
          file: { name, mimeType: 'application/pdf', buffer: await makePdf('named', 1) },
        },
      });
      expect(up.status(), name).toBe(200);
      const pr = await request.post(`/api/${tool.api}/process/`, { data: { session_id: sessionId } });
      expect(pr.status(), name).toBe(200);
      const { file_id } = await pr.json();
      const dl = await request.get(`/api/${tool.api}/download/${file_id}/`);
      expect(dl.status()).toBe(200);
      const disposition = dl.headers()['content-disposition'];
      expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+,;=:@-]+$/);
      expect(disposition).not.toContain('/');
      expect(dl.headers()['x-injected']).toBeUndefined();
      expect(fs.existsSync('/etc/passwd_compressed.pdf')).toBe(false);
      await request.delete(`/api/${tool.api}/cleanup/${sessionId}/`);
      expect(fs.existsSync(path.join(E2E_DATA_DIR, 'sessions', sessionId))).toBe(false);
    }
  });

  test('after all of it the data directory holds no session and no staging', async ({ request }) => {
    await serverStillAnswers(request);
    const sessions = fs.existsSync(path.join(E2E_DATA_DIR, 'sessions'))
      ? fs.readdirSync(path.join(E2E_DATA_DIR, 'sessions'))
      : [];
    // QR codes made by other specs are the only sessions allowed to linger (until the sweeper).
    for (const id of sessions) {
      const meta = JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, 'sessions', id, 'meta.json'), 'utf8'));
      expect(meta.tool, `session ${id} lingers`).toBe('qr/generate');
    }
    const staging = path.join(E2E_DATA_DIR, 'staging');
    expect(fs.existsSync(staging) ? fs.readdirSync(staging) : []).toEqual([]);
  });
});
