// A job that fails or runs past its time limit leaves no partial output and no orphan files.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { cleanup, processStep, upload, useTestDataDir } from '../support/api';
import { resetJobPool } from '@/lib/jobs/pool';

const data = useTestDataDir();

function leftovers(sessionId: string): string[] {
  const dir = path.join(data.dir(), 'sessions', sessionId);
  const here = fs.readdirSync(dir).filter((e) => e.startsWith('tmp-') || e === 'out');
  const out = fs.existsSync(path.join(dir, 'out')) ? fs.readdirSync(path.join(dir, 'out')) : [];
  const index = fs.existsSync(path.join(data.dir(), 'files')) ? fs.readdirSync(path.join(data.dir(), 'files')) : [];
  return [...here.filter((e) => e !== 'out'), ...out, ...index];
}

describe('crash safety', () => {
  afterEach(async () => {
    delete process.env.JOB_TIMEOUT_SECONDS;
    await resetJobPool();
  });

  it('a job stopped at its time limit answers 504 and leaves nothing behind', async () => {
    process.env.JOB_TIMEOUT_SECONDS = '0.05';
    await resetJobPool();
    const photo = await sharp({
      create: { width: 2400, height: 1800, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    } as never)
      .jpeg()
      .toBuffer();
    const up = await upload('image/compress', [{ name: 'big.jpg', data: photo }]);
    expect(up.res.status).toBe(200);
    const pr = await processStep('image/compress', { session_id: up.sessionId });
    expect(pr.res.status).toBe(504);
    expect(pr.body).toEqual({
      success: false,
      error: 'Processing took too long and was stopped. Please try a smaller file.',
    });
    expect(leftovers(up.sessionId)).toEqual([]);
    await cleanup('image/compress', up.sessionId);
    expect(fs.existsSync(path.join(data.dir(), 'sessions', up.sessionId))).toBe(false);
  });

  it('a job that fails on a damaged file answers 4xx and leaves nothing behind', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#08f8' } })
      .png()
      .toBuffer();
    const up = await upload('image/png_to_jpg', [
      { name: 'cut.png', data: png.subarray(0, Math.floor(png.length / 2)) },
    ]);
    expect(up.res.status).toBe(200);
    const pr = await processStep('image/png_to_jpg', { session_id: up.sessionId });
    expect(pr.res.status).toBeGreaterThanOrEqual(400);
    expect(pr.res.status).toBeLessThan(500);
    expect(pr.body.error).toMatch(/cut\.png/);
    expect(leftovers(up.sessionId)).toEqual([]);
    await cleanup('image/png_to_jpg', up.sessionId);
  });
});
