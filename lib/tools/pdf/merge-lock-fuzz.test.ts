// Mutated files (random bytes changed, truncated, a chunk cut out; fixed seed): merge and lock must answer
// every one with a clear error naming the file or a result an independent reader (system qpdf) accepts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAppError } from '@/lib/core/errors';
import { run as lock } from './lock/server';
import { run as merge } from './merge/server';
import { buildRichPdf } from '@/tests/support/pdf/merge-pdfs';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-lock-fuzz-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function mutations(base: Buffer, n: number): Buffer[] {
  let seed = 20261121;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const out: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const b = Buffer.from(base);
    if (i % 3 === 0) {
      for (let k = 0; k < 5; k++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
      out.push(b);
    } else if (i % 3 === 1) out.push(b.subarray(0, Math.floor(rnd() * b.length)));
    else
      out.push(Buffer.concat([b.subarray(0, Math.floor(rnd() * b.length)), b.subarray(Math.floor(rnd() * b.length))]));
  }
  return out;
}

it('answers every mutated PDF with a clear error or a valid result', async () => {
  const base = Buffer.from(await buildRichPdf({ tag: 'FZ', pages: 4, fields: ['a', 'b'] }));
  const good = path.join(dir, 'good.pdf');
  fs.writeFileSync(good, base);
  const outcomes = new Set<string>();
  for (const [i, data] of mutations(base, 12).entries()) {
    const name = `mutated ${i}.pdf`;
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    const job = () => ({ workDir: fs.mkdtempSync(path.join(dir, 'job-')) });
    const input = { path: file, name, size: data.length, kind: 'pdf' as const };
    for (const [tool, run] of [
      ['merge', () => merge([{ ...input, path: good, name: 'good.pdf' }, input], {}, job())],
      ['lock', () => lock([input], { password: 'fuzz-password' }, job())],
    ] as const) {
      try {
        const res = await run();
        const args = tool === 'lock' ? ['--password=fuzz-password', '--check', res.path] : ['--check', res.path];
        expect(spawnSync('qpdf', args).status).not.toBe(2);
        outcomes.add(`${tool} ok`);
      } catch (e) {
        if (!isAppError(e)) throw new Error(`${tool} ${name}: ${String(e)}`);
        expect(e.message.startsWith(`"${name}" `)).toBe(true);
        outcomes.add(`${tool} refused`);
      }
    }
  }
  // The mutations are varied enough to exercise both outcomes of both tools.
  expect([...outcomes].sort()).toEqual(['lock ok', 'lock refused', 'merge ok', 'merge refused']);
});
