// Session B can never read, list or delete session A's files, whether ids are guessed, reused or forged.
import fs from 'node:fs';
import path from 'node:path';
import { as, call, cleanup, download, json, newSessionId, processStep, upload, useTestDataDir } from '../support/api';
import { sampleFile } from '../support/sample-files';

const data = useTestDataDir();
const API = 'pdf/merge';
const pdfs = async () => [await sampleFile('pdf', 'a.pdf'), await sampleFile('pdf', 'b.pdf')];
const sessionExists = (id: string) => fs.existsSync(path.join(data.dir(), 'sessions', id, 'in', '0'));

describe('isolation between visitors', () => {
  it('another visitor who knows a session id can neither process, replace nor delete it', async () => {
    const alice = await upload(API, await pdfs());
    expect(alice.res.status).toBe(200);

    await as('bob', async () => {
      const pr = await processStep(API, { session_id: alice.sessionId });
      expect(pr.res.status).toBe(404);
      const up = await upload(API, await pdfs(), {}, alice.sessionId);
      expect(up.res.status).toBe(404);
      const cl = await cleanup(API, alice.sessionId);
      expect(cl.body).toEqual({ success: true, error: null, deleted: false });
    });
    expect(sessionExists(alice.sessionId)).toBe(true);
    expect((await cleanup(API, alice.sessionId)).body.deleted).toBe(true);
    expect(sessionExists(alice.sessionId)).toBe(false);
  });

  it('a result can only be downloaded by the visitor who made it, and never after cleanup', async () => {
    const made = await call('POST', '/api/qr/generate/process/', { body: JSON.stringify({ content: 'secret' }) });
    const { file_id } = await json(made);
    expect((await download('qr/generate', file_id as string)).res.status).toBe(200);
    await as('bob', async () => {
      const stolen = await download('qr/generate', file_id as string);
      expect(stolen.res.status).toBe(404);
      expect(stolen.data.toString()).not.toContain('PNG');
    });
  });

  it('forged and guessed ids find nothing and touch nothing outside the data directory', async () => {
    const forged = ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', '0'.repeat(31), 'g'.repeat(32), `${'a'.repeat(32)}/../x`];
    for (const id of forged) {
      const res = await call('GET', `/api/${API}/download/${id}/`);
      expect(res.status).toBe(404);
      expect(await json(res)).toMatchObject({ success: false });
    }
    for (let i = 0; i < 20; i++) {
      const guess = (
        await download(API, [...Array(32)].map(() => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join(''))
      ).res;
      expect(guess.status).toBe(404);
    }
    expect((await processStep(API, { session_id: newSessionId() })).res.status).toBe(404);
  });

  it('there is no endpoint that lists sessions or files', async () => {
    for (const p of ['/api/', `/api/${API}/`, `/api/${API}/download/`, `/api/${API}/cleanup/`, '/api/sessions/']) {
      const res = await call('GET', p);
      expect([404, 405]).toContain(res.status);
      const body = await json(res);
      expect(body.success).toBe(false);
      expect(JSON.stringify(body)).not.toMatch(/[0-9]{13}[a-z0-9]+/);
    }
  });
});
