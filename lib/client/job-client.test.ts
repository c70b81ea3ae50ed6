// The client job flow against a real HTTP server speaking the SPEC section 7 protocol.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toolBySlug, type FileToolDef } from '@/lib/tools/registry';
import { runFileJob, nameFromDisposition, NETWORK_ERROR } from './job-client';
import { ServerError } from './job-errors';
import { SESSION_ID_PATTERN } from './session-id';

interface Seen {
  method: string;
  url: string;
  contentType: string;
  form?: [string, string][];
  json?: unknown;
}

type Reply = { status: number; body: unknown; raw?: Buffer; headers?: Record<string, string> };
type Script = Partial<Record<'upload' | 'process' | 'download' | 'cleanup', Reply>>;

let server: http.Server;
let base = '';
let seen: Seen[] = [];
let script: Script = {};

const stepOf = (url: string) => (url.match(/\/(upload|process|download|cleanup)\//) ?? [])[1] as keyof Script;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const contentType = req.headers['content-type'] ?? '';
    const entry: Seen = { method: req.method ?? '', url: req.url ?? '', contentType };
    if (contentType.startsWith('multipart/form-data')) {
      const fd = await new Response(body, { headers: { 'content-type': contentType } }).formData();
      entry.form = [];
      for (const [k, v] of fd.entries())
        entry.form.push([k, typeof v === 'string' ? v : `file:${v.name}:${await v.text()}`]);
    } else if (contentType.startsWith('application/json')) {
      entry.json = JSON.parse(body.toString());
    }
    seen.push(entry);
    const step = stepOf(req.url ?? '');
    const defaults: Record<string, Reply> = {
      upload: { status: 200, body: { success: true, session_id: (entry.form ?? [])[0]?.[1] } },
      process: { status: 200, body: { success: true, file_id: 'f1d' } },
      download: { status: 200, body: null, raw: Buffer.from('RESULT'), headers: { 'content-type': 'application/pdf' } },
      cleanup: { status: 200, body: { success: true } },
    };
    const reply = script[step] ?? defaults[step] ?? { status: 404, body: { success: false, error: 'no route' } };
    res.writeHead(reply.status, reply.headers ?? { 'content-type': 'application/json' });
    res.end(reply.raw ?? (reply.body === null ? '' : JSON.stringify(reply.body)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  seen = [];
  script = {};
});

const tool = (slug: string) => toolBySlug(slug) as FileToolDef;
const file = (name: string, text = name) => new File([text], name, { type: 'application/pdf' });

describe('runFileJob', () => {
  it('uploads, processes, downloads, then cleans up, for a single-file tool', async () => {
    const phases: string[] = [];
    const result = await runFileJob({
      tool: tool('pdf-compress'),
      files: [file('report.v2.pdf', 'PDF')],
      baseUrl: base,
      onPhase: (p) => phases.push(p),
    });
    expect(await result.blob.text()).toBe('RESULT');
    expect(result.name).toBe('report.v2_compressed.pdf');
    expect(phases).toEqual(['uploading', 'processing', 'downloading']);

    expect(seen.map((s) => `${s.method} ${s.url.replace(/\/cleanup\/[^/]+\//, '/cleanup/ID/')}`)).toEqual([
      'POST /api/pdf/compress/upload/',
      'POST /api/pdf/compress/process/',
      'GET /api/pdf/compress/download/f1d/',
      'DELETE /api/pdf/compress/cleanup/ID/',
    ]);
    const [upload, process, , cleanup] = seen;
    const sessionId = upload.form![0][1];
    expect(upload.form![0][0]).toBe('session_id');
    expect(sessionId).toMatch(SESSION_ID_PATTERN);
    expect(upload.form![1]).toEqual(['file', 'file:report.v2.pdf:PDF']);
    expect(process.json).toEqual({ session_id: sessionId });
    expect(cleanup.url).toBe(`/api/pdf/compress/cleanup/${sessionId}/`);
  });

  it('sends merge files as repeated `files` in list order', async () => {
    const result = await runFileJob({
      tool: tool('pdf-merge'),
      files: [file('b.pdf'), file('a.pdf'), file('c.pdf')],
      baseUrl: base,
    });
    expect(result.name).toBe('Merged_File.pdf');
    expect(seen[0].form!.slice(1)).toEqual([
      ['files', 'file:b.pdf:b.pdf'],
      ['files', 'file:a.pdf:a.pdf'],
      ['files', 'file:c.pdf:c.pdf'],
    ]);
  });

  it('sends the lock password with upload and process', async () => {
    await runFileJob({
      tool: tool('pdf-lock'),
      files: [file('x.pdf')],
      fields: { password: 's3cret!' },
      baseUrl: base,
    });
    expect(seen[0].form).toContainEqual(['password', 's3cret!']);
    expect(seen[1].json).toEqual({ session_id: seen[0].form![0][1], password: 's3cret!' });
  });

  it('uses a new session id for each job', async () => {
    await runFileJob({ tool: tool('pdf-compress'), files: [file('a.pdf')], baseUrl: base });
    await runFileJob({ tool: tool('pdf-compress'), files: [file('a.pdf')], baseUrl: base });
    const ids = seen.filter((s) => s.form).map((s) => s.form![0][1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('raises the server error and still cleans up when processing fails', async () => {
    script.process = { status: 501, body: { success: false, error: 'PDF compress is coming soon.' } };
    const err = await runFileJob({ tool: tool('pdf-compress'), files: [file('a.pdf')], baseUrl: base }).catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err.message).toBe('PDF compress is coming soon.');
    expect(seen.map((s) => s.method)).toEqual(['POST', 'POST', 'DELETE']);
  });

  it('raises the defaults when success is false without a text', async () => {
    script.upload = { status: 200, body: { success: false } };
    await expect(runFileJob({ tool: tool('image-png-to-jpg'), files: [file('a.png')], baseUrl: base })).rejects.toThrow(
      /^Upload failed$/,
    );
    expect(seen.at(-1)!.method).toBe('DELETE');

    script = { process: { status: 200, body: { success: false } } };
    await expect(runFileJob({ tool: tool('image-png-to-jpg'), files: [file('a.png')], baseUrl: base })).rejects.toThrow(
      /^PNG to JPG conversion failed$/,
    );
    script = { process: { status: 200, body: { success: true } } }; // no file_id
    await expect(runFileJob({ tool: tool('image-png-to-jpg'), files: [file('a.png')], baseUrl: base })).rejects.toThrow(
      /^PNG to JPG conversion failed$/,
    );
  });

  it('raises the server error of a failed download', async () => {
    script.download = { status: 404, body: { success: false, error: 'This result has expired.' } };
    await expect(runFileJob({ tool: tool('pdf-compress'), files: [file('a.pdf')], baseUrl: base })).rejects.toThrow(
      'This result has expired.',
    );
    expect(seen.at(-1)!.method).toBe('DELETE');
  });

  it('passes on the server notice of the process step', async () => {
    script.process = {
      status: 200,
      body: { success: true, error: null, file_id: 'f1d', notice: 'Already optimised.' },
    };
    const r = await runFileJob({ tool: tool('image-compress'), files: [file('a.jpg')], baseUrl: base });
    expect(r.notice).toBe('Already optimised.');
    expect(r.name).toBe('a_compressed.jpg');
  });

  it('ignores a failing cleanup', async () => {
    script.cleanup = { status: 500, body: { success: false, error: 'disk error' } };
    const r = await runFileJob({ tool: tool('pdf-compress'), files: [file('a.pdf')], baseUrl: base });
    expect(await r.blob.text()).toBe('RESULT');
  });

  it('turns an unreachable server into a readable message', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(
      runFileJob({ tool: tool('pdf-compress'), files: [file('a.pdf')], baseUrl: `http://127.0.0.1:${port}` }),
    ).rejects.toThrow(NETWORK_ERROR);
  });

  it('stops on abort and still sends cleanup', async () => {
    const ac = new AbortController();
    const run = runFileJob({
      tool: tool('pdf-compress'),
      files: [file('a.pdf')],
      baseUrl: base,
      signal: ac.signal,
      onPhase: (p) => {
        if (p === 'processing') ac.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(seen.at(-1)!.method).toBe('DELETE');
    expect(seen.some((s) => s.url.includes('/download/'))).toBe(false);
  });
});

describe('nameFromDisposition', () => {
  it('reads the exact UTF-8 name the server chose, or nothing', () => {
    expect(
      nameFromDisposition(
        `attachment; filename="_.webp"; filename*=UTF-8''%EA%B3%A0%EC%96%91%EC%9D%B4_compressed.webp`,
      ),
    ).toBe('고양이_compressed.webp');
    expect(nameFromDisposition('attachment; filename="a.pdf"')).toBeUndefined();
    expect(nameFromDisposition(null)).toBeUndefined();
    expect(nameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeUndefined();
  });
});
