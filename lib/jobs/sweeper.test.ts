import fs from 'node:fs';
import path from 'node:path';
import { sweep } from './sweeper';
import { call, cleanup, processStep, upload, useTestDataDir } from '@/tests/support/api';
import { sampleFile } from '@/tests/support/sample-files';

const data = useTestDataDir({ SESSION_TTL_MINUTES: '60' });

const age = (p: string, ms: number) => {
  const t = new Date(Date.now() - ms);
  fs.utimesSync(p, t, t);
};

describe('sweeper', () => {
  it('deletes a session idle past the time limit, with its file index entries, and keeps a fresh one', async () => {
    const old = await upload('pdf/merge', [await sampleFile('pdf', 'a.pdf'), await sampleFile('pdf', 'b.pdf')]);
    const fresh = await upload('pdf/merge', [await sampleFile('pdf', 'c.pdf'), await sampleFile('pdf', 'd.pdf')]);
    expect(old.res.status).toBe(200);
    // An output indexed under the old session, as a finished job leaves it.
    const oldDir = path.join(data.dir(), 'sessions', old.sessionId);
    // A standalone QR session, fresh.
    expect((await call('POST', '/api/qr/generate/process/', { body: JSON.stringify({ content: 'x' }) })).status).toBe(
      200,
    );
    age(path.join(oldDir, 'meta.json'), 61 * 60_000);
    age(oldDir, 61 * 60_000);

    const report = await sweep();
    expect(report.sessions).toBe(1);
    expect(fs.existsSync(oldDir)).toBe(false);
    expect(fs.existsSync(path.join(data.dir(), 'sessions', fresh.sessionId))).toBe(true);
    expect((await processStep('pdf/merge', { session_id: old.sessionId })).res.status).toBe(404);
    await cleanup('pdf/merge', fresh.sessionId);
  });

  it('at start-up removes scratch of jobs a restart interrupted, and stale upload staging', async () => {
    const s = await upload('image/jpg_to_png', [await sampleFile('jpeg')]);
    const dir = path.join(data.dir(), 'sessions', s.sessionId);
    fs.mkdirSync(path.join(dir, 'tmp-job-deadbeef'));
    fs.writeFileSync(path.join(dir, 'tmp-job-deadbeef', 'partial.png'), 'half');
    fs.mkdirSync(path.join(data.dir(), 'staging', 'up-zzz'), { recursive: true });
    fs.writeFileSync(path.join(data.dir(), 'staging', 'up-zzz', 'part'), 'half');

    expect((await sweep(Date.now(), false)).scratch).toBe(0);
    const report = await sweep(Date.now(), true);
    expect(report.scratch).toBe(2);
    expect(fs.existsSync(path.join(dir, 'tmp-job-deadbeef'))).toBe(false);
    expect(fs.readdirSync(path.join(data.dir(), 'staging'))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'in'))).toBe(true);
    await cleanup('image/jpg_to_png', s.sessionId);
  });

  it('removes folders that are not sessions and file index entries whose session is gone', async () => {
    fs.mkdirSync(path.join(data.dir(), 'sessions', 'not-a-session'), { recursive: true });
    fs.mkdirSync(path.join(data.dir(), 'files'), { recursive: true });
    const orphan = path.join(data.dir(), 'files', `${'a'.repeat(32)}.json`);
    fs.writeFileSync(orphan, JSON.stringify({ sessionId: '1700000000000abc', tool: 'pdf/merge' }));
    age(orphan, 120_000);
    const report = await sweep();
    expect(report.sessions).toBeGreaterThanOrEqual(1);
    expect(report.orphans).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
  });
});

describe('disk budget', () => {
  it('refuses new uploads with 507 when the data directory is over budget, leaving nothing behind', async () => {
    fs.writeFileSync(path.join(data.dir(), 'ballast.bin'), Buffer.alloc(2 * 1024 * 1024));
    process.env.DISK_BUDGET_MB = '1';
    try {
      const { measureStorage } = await import('./storage');
      await measureStorage(0);
      const up = await upload('image/png_to_jpg', [await sampleFile('png')]);
      expect(up.res.status).toBe(507);
      expect(up.body).toEqual({
        success: false,
        error: 'The server is out of storage space right now. Please try again in a few minutes.',
      });
      expect(fs.existsSync(path.join(data.dir(), 'sessions', up.sessionId))).toBe(false);
    } finally {
      delete process.env.DISK_BUDGET_MB;
      fs.rmSync(path.join(data.dir(), 'ballast.bin'));
    }
  });
});
