// The four steps of every registered file tool, through the real route handlers: loops over the registry.
// Tools whose module has landed bring a fixture (lib/tools/<family>/<tool>/fixture.ts) and are checked end to end;
// the others must answer 501, never a fake result.
import fs from 'node:fs';
import path from 'node:path';
import { FILE_TOOLS, downloadName, type FileToolDef } from '@/lib/tools/registry';
import {
  call,
  cleanup,
  download,
  json,
  loadFixture,
  newSessionId,
  processStep,
  upload,
  useTestDataDir,
} from '../support/api';
import { sampleFile } from '../support/sample-files';

const data = useTestDataDir();

/** A file the tool's type check rejects: a PNG for document tools, a PDF for image tools. */
async function wrongFile(tool: FileToolDef) {
  return tool.fileKinds.includes('png') || tool.fileKinds.includes('jpeg')
    ? sampleFile('pdf', 'not-an-image.png')
    : sampleFile('png', 'picture.pdf');
}

const PASSWORD = { password: 'Secret-123' };
const fieldsFor = (tool: FileToolDef, fx?: { fields?: Record<string, string> } | null) =>
  tool.kind === 'lock' ? { ...PASSWORD, ...(fx?.fields ?? {}) } : (fx?.fields ?? {});

describe.each(FILE_TOOLS.map((t) => [t.api, t] as const))('%s', (_api, tool) => {
  const fixture = loadFixture(tool.slug);

  if (fixture) {
    it('uploads, processes, downloads the right file, and cleans up', async () => {
      const inputs = await fixture.valid();
      const fields = fieldsFor(tool, fixture);
      const up = await upload(tool.api, inputs, fields);
      expect(up.res.status).toBe(200);
      expect(up.body).toMatchObject({ success: true, session_id: up.sessionId });

      const pr = await processStep(tool.api, { session_id: up.sessionId, ...fields });
      expect(pr.body).toMatchObject({ success: true });
      expect(pr.res.status).toBe(200);
      expect(pr.body.file_id).toMatch(/^[0-9a-f]{32}$/);

      const dl = await download(tool.api, pr.body.file_id as string);
      expect(dl.res.status).toBe(200);
      expect(dl.res.headers.get('content-type')).toBe(tool.output.mime);
      expect(Number(dl.res.headers.get('content-length'))).toBe(dl.data.length);
      const expectedName = downloadName(tool, inputs[0].name);
      expect(dl.res.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(expectedName)}`,
      );
      expect(dl.res.headers.get('content-disposition')).toMatch(/^attachment;/);
      await fixture.check(dl.data, inputs);

      const cl = await cleanup(tool.api, up.sessionId);
      expect(cl.res.status).toBe(200);
      expect(fs.existsSync(path.join(data.dir(), 'sessions', up.sessionId))).toBe(false);
      expect((await download(tool.api, pr.body.file_id as string)).res.status).toBe(404);
      // A second cleanup is harmless.
      expect((await cleanup(tool.api, up.sessionId)).res.status).toBe(200);
    });
  } else {
    it('answers 501 until its module lands', async () => {
      const kind = tool.fileKinds[0];
      if (kind === 'docx' || kind === 'pptx') {
        const pr = await processStep(tool.api, { session_id: newSessionId() });
        expect(pr.res.status).toBe(404); // no upload: nothing to process
        return;
      }
      const files = await Promise.all(Array.from({ length: tool.minFiles }, () => sampleFile(kind)));
      const up = await upload(tool.api, files, fieldsFor(tool));
      expect(up.res.status).toBe(200);
      const pr = await processStep(tool.api, { session_id: up.sessionId, ...fieldsFor(tool) });
      expect(pr.res.status).toBe(501);
      expect(pr.body).toEqual({ success: false, error: expect.stringMatching(/coming soon/) });
      await cleanup(tool.api, up.sessionId);
    });
  }

  it('refuses an upload without a session id', async () => {
    const up = await upload(tool.api, [await wrongFile(tool)], fieldsFor(tool), null);
    expect(up.res.status).toBe(400);
    expect(up.body).toEqual({ success: false, error: 'A session_id is required.' });
  });

  it('refuses a malformed session id before touching the disk', async () => {
    for (const bad of ['../../etc', '1700000000000/../x', 'abc', '1700000000000ABC']) {
      const up = await upload(tool.api, [await wrongFile(tool)], fieldsFor(tool), bad);
      expect(up.res.status).toBe(400);
      expect(up.body.error).toBe('The session_id is not valid.');
      const cl = await call('DELETE', `/api/${tool.api}/cleanup/${encodeURIComponent(bad)}/`);
      expect(cl.status).toBe(400);
    }
    expect(fs.existsSync(path.join(data.dir(), 'etc'))).toBe(false);
  });

  it('refuses a file whose bytes are not the expected type, naming it', async () => {
    const wrong = await wrongFile(tool);
    const up = await upload(tool.api, [wrong], fieldsFor(tool));
    expect(up.res.status).toBe(415);
    expect(up.body).toEqual({ success: false, error: `"${wrong.name}" is not ${tool.expected}.` });
    expect(fs.readdirSync(path.join(data.dir(), 'staging'))).toEqual([]);
  });

  it('refuses an oversize file with 413 and keeps nothing of it', async () => {
    const big = { name: 'big.bin', data: Buffer.alloc(300 * 1024, 7) };
    process.env.MAX_FILE_MB = '0.1';
    try {
      const up = await upload(tool.api, [big], fieldsFor(tool));
      expect(up.res.status).toBe(413);
      expect(up.body.error).toBe('Each file can be at most 0.1 MB.');
      expect(fs.existsSync(path.join(data.dir(), 'sessions', up.sessionId))).toBe(false);
      expect(fs.readdirSync(path.join(data.dir(), 'staging'))).toEqual([]);
    } finally {
      delete process.env.MAX_FILE_MB;
    }
  });

  it("answers 404 for an unknown session, a made-up file id and another tool's file id", async () => {
    const pr = await processStep(tool.api, { session_id: newSessionId(), ...fieldsFor(tool) });
    expect(pr.res.status).toBe(404);
    expect((await download(tool.api, '0'.repeat(32))).res.status).toBe(404);
    expect((await download(tool.api, '../../meta.json')).res.status).toBe(404);
    const qr = await call('POST', '/api/qr/generate/process/', { body: JSON.stringify({ content: 'x' }) });
    const { file_id } = await json(qr);
    expect((await download(tool.api, file_id as string)).res.status).toBe(404);
  });

  it('answers a wrong method with 405 JSON', async () => {
    const res = await call('GET', `/api/${tool.api}/upload/`);
    expect(res.status).toBe(405);
    expect(await json(res)).toMatchObject({ success: false });
  });
});
