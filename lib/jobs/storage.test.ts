import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forgetSession, measureStorage, reserveStorage, resetStorage, settleSession, storageUsed } from './storage';

const MB = 1024 * 1024;
let dir: string;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
  process.env.DATA_DIR = dir;
  process.env.DISK_BUDGET_MB = '10';
  process.env.CLIENT_DISK_SHARE_PERCENT = '50';
  resetStorage();
  await measureStorage(0);
});
afterEach(() => {
  for (const k of ['DATA_DIR', 'DISK_BUDGET_MB', 'CLIENT_DISK_SHARE_PERCENT']) delete process.env[k];
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('storage ledger', () => {
  it('reservations in flight count at once: concurrent requests cannot pass one stale check', async () => {
    const rs = await Promise.all(['a', 'b', 'c'].map((c) => reserveStorage(c)));
    rs[0].grow(4 * MB);
    rs[1].grow(4 * MB);
    expect(() => rs[2].grow(4 * MB)).toThrow(/out of storage space/);
    expect(storageUsed()).toBe(8 * MB);
    rs[0].release();
    rs[2].grow(4 * MB); // room again
    expect(storageUsed()).toBe(8 * MB);
  });

  it('a client may hold only its share, stored and reserved together', async () => {
    const r = await reserveStorage('hog', 3 * MB);
    settleSession('s1', 'hog', 3 * MB, r);
    const next = await reserveStorage('hog');
    expect(() => next.grow(3 * MB)).toThrow(/too much storage space/);
    const other = await reserveStorage('other');
    expect(() => other.grow(3 * MB)).not.toThrow();
    forgetSession('s1');
    expect(() => next.grow(3 * MB)).not.toThrow();
  });

  it('what was stored since the last measurement counts until a newer measurement sees it on disk', async () => {
    const r = await reserveStorage('a', 2 * MB);
    fs.writeFileSync(path.join(dir, 'f'), Buffer.alloc(2 * MB));
    settleSession('s1', 'a', 2 * MB, r);
    expect(storageUsed()).toBe(2 * MB); // from the ledger, not yet measured
    await new Promise((res) => setTimeout(res, 5));
    await measureStorage(0);
    expect(storageUsed()).toBe(2 * MB); // measured once, not counted twice
  });
});
