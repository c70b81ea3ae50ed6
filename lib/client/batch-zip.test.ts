import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueNames, zipBytes } from './batch-zip';

describe('batch ZIP', () => {
  it('numbers repeated names like a file manager', () => {
    expect(uniqueNames(['a.jpg', 'b.jpg', 'A.jpg', 'a.jpg', 'noext', 'noext'])).toEqual([
      'a.jpg',
      'b.jpg',
      'A (2).jpg',
      'a (3).jpg',
      'noext',
      'noext (2)',
    ]);
  });

  it('writes a ZIP that unzip lists and extracts byte for byte', async () => {
    const a = new Uint8Array([1, 2, 3, 255]);
    const b = new TextEncoder().encode('héllo');
    const zipped = await zipBytes([
      { name: 'photo_compressed.jpg', data: a },
      { name: 'photo_compressed.jpg', data: b },
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    try {
      fs.writeFileSync(path.join(dir, 'all.zip'), zipped);
      execFileSync('unzip', ['-q', 'all.zip', '-d', 'out'], { cwd: dir });
      expect(fs.readFileSync(path.join(dir, 'out', 'photo_compressed.jpg'))).toEqual(Buffer.from(a));
      expect(fs.readFileSync(path.join(dir, 'out', 'photo_compressed (2).jpg'))).toEqual(Buffer.from(b));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
