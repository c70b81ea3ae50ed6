// Issue 13: Apertium runs at most one pipeline per core; the rest wait in order, and the wait counts against
// the time-out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireSlot, apertium, slotState } from './apertium';

const cores = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

describe('Apertium pipeline slots', () => {
  it('hands out one slot per core, queues the rest in order, and times out a queued request', async () => {
    const held = await Promise.all(Array.from({ length: cores }, () => acquireSlot(new AbortController().signal)));
    expect(slotState()).toEqual({ free: 0, waiting: 0 });
    const order: number[] = [];
    const a = acquireSlot(new AbortController().signal).then((r) => {
      order.push(1);
      return r;
    });
    const timedOut = acquireSlot(AbortSignal.timeout(50));
    const b = acquireSlot(new AbortController().signal).then((r) => {
      order.push(2);
      return r;
    });
    await expect(timedOut).rejects.toMatchObject({ failure: 'timeout' });
    expect(slotState().waiting).toBe(2);
    held[0](); // frees one slot: the first waiting request gets it
    const ra = await a;
    ra();
    const rb = await b;
    expect(order).toEqual([1, 2]);
    rb();
    for (const release of held.slice(1)) release();
    expect(slotState()).toEqual({ free: cores, waiting: 0 });
  });

  it('never runs more pipelines than cores at once (a stand-in apertium that logs start and end)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apertium-queue-'));
    const log = path.join(dir, 'log');
    const bin = path.join(dir, 'apertium');
    // `-l` lists one mode; a translation logs +, sleeps, echoes its input, logs -.
    fs.writeFileSync(
      bin,
      `#!/bin/sh\nif [ "$1" = "-l" ]; then echo eng-spa; exit 0; fi\necho + >> ${log}\nsleep 0.2\ncat\necho - >> ${log}\n`,
      { mode: 0o755 },
    );
    try {
      const engine = apertium({ bin });
      const n = cores + 3;
      const out = await Promise.all(
        Array.from({ length: n }, (_, i) => engine.translate(`t${i}`, 'en', 'es', AbortSignal.timeout(20_000))),
      );
      expect(out).toEqual(Array.from({ length: n }, (_, i) => `t${i}`));
      let running = 0;
      let peak = 0;
      for (const line of fs.readFileSync(log, 'utf8').trim().split('\n')) {
        running += line === '+' ? 1 : -1;
        peak = Math.max(peak, running);
      }
      expect(peak).toBeLessThanOrEqual(cores);
      expect(peak).toBeGreaterThanOrEqual(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
