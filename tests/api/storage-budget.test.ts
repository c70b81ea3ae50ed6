// The disk budget holds under concurrency: bytes are reserved as they arrive, results and QR images count,
// a session keeps one result, and one client cannot take more than its share.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { as, call, json, processStep, upload, useTestDataDir } from '../support/api';
import { sampleFile } from '../support/sample-files';
import { measureStorage, resetStorage } from '@/lib/jobs/storage';

const data = useTestDataDir({ CLIENT_DISK_SHARE_PERCENT: '100' });
const MB = 1024 * 1024;
const FULL = 'The server is out of storage space right now. Please try again in a few minutes.';

function du(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? du(p) : fs.statSync(p).size;
  }
  return total;
}

const noisePng = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } } as never)
    .png()
    .toBuffer();

beforeEach(async () => {
  fs.rmSync(data.dir(), { recursive: true, force: true });
  fs.mkdirSync(data.dir());
  resetStorage();
  await measureStorage(0);
});
afterEach(() => {
  delete process.env.DISK_BUDGET_MB;
  process.env.CLIENT_DISK_SHARE_PERCENT = '100';
});

describe('disk budget', () => {
  it('8 concurrent 4 MB uploads against a 5 MB budget: at most one is kept, the rest get 507', async () => {
    process.env.DISK_BUDGET_MB = '5';
    const png = await noisePng(1200, 1100); // ~4 MB, incompressible
    expect(png.length).toBeGreaterThan(3.5 * MB);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        as(`up${i}`, () => upload('image/png_to_jpg', [{ name: `p${i}.png`, data: png }])),
      ),
    );
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 507).length).toBeGreaterThanOrEqual(7);
    for (const r of results.filter((x) => x.res.status === 507))
      expect(r.body).toEqual({ success: false, error: FULL });
    expect(du(data.dir())).toBeLessThanOrEqual(5 * MB);
  });

  it('processing one upload again and again keeps one result, and a result past the budget is refused', async () => {
    const up = await upload('image/png_to_jpg', [await sampleFile('png', 'a.png')]);
    expect(up.res.status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) {
      const pr = await processStep('image/png_to_jpg', { session_id: up.sessionId });
      expect(pr.res.status).toBe(200);
      ids.push(pr.body.file_id as string);
    }
    const outDir = path.join(data.dir(), 'sessions', up.sessionId, 'out');
    expect(fs.readdirSync(outDir)).toEqual([ids[12]]);
    expect(fs.readdirSync(path.join(data.dir(), 'files'))).toEqual([`${ids[12]}.json`]);
    // The earlier results are gone for good.
    expect((await call('GET', `/api/image/png_to_jpg/download/${ids[0]}/`)).status).toBe(404);
    expect((await call('GET', `/api/image/png_to_jpg/download/${ids[12]}/`)).status).toBe(200);

    // A budget already spent refuses the next process with 507 and keeps the previous result.
    process.env.DISK_BUDGET_MB = String(du(data.dir()) / MB);
    await measureStorage(0);
    const pr = await processStep('image/png_to_jpg', { session_id: up.sessionId });
    expect(pr.res.status).toBe(507);
    expect(fs.readdirSync(outDir)).toEqual([ids[12]]);
  });

  it('QR generation counts against the budget (507 when it is spent)', async () => {
    const ok = await call('POST', '/api/qr/generate/process/', { body: JSON.stringify({ content: 'hello' }) });
    expect(ok.status).toBe(200);
    process.env.DISK_BUDGET_MB = String(du(data.dir()) / MB);
    await measureStorage(0);
    const full = await call('POST', '/api/qr/generate/process/', { body: JSON.stringify({ content: 'hello again' }) });
    expect(full.status).toBe(507);
    expect(await json(full)).toEqual({ success: false, error: FULL });
    expect(fs.readdirSync(path.join(data.dir(), 'sessions'))).toHaveLength(1);
  });

  it('one client cannot take more than its share; another still can upload', async () => {
    process.env.DISK_BUDGET_MB = '20';
    process.env.CLIENT_DISK_SHARE_PERCENT = '25'; // 5 MB each
    const png = await noisePng(1200, 1100);
    await as('hog', async () => {
      expect((await upload('image/png_to_jpg', [{ name: 'a.png', data: png }])).res.status).toBe(200);
      const second = await upload('image/png_to_jpg', [{ name: 'b.png', data: png }]);
      expect(second.res.status).toBe(507);
      expect(second.body.error).toMatch(/too much storage space/);
    });
    await as('other', async () => {
      expect((await upload('image/png_to_jpg', [{ name: 'c.png', data: png }])).res.status).toBe(200);
    });
  });
});
