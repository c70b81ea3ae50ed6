import { runQueue } from './batch-queue';

describe('runQueue', () => {
  it('runs every task, at most `concurrency` at once, and goes on after a failure', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runQueue([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 * (6 - n)));
      running--;
      if (n === 2) throw new Error('bad file');
      done.push(n);
    });
    expect(peak).toBe(2);
    expect(done.sort()).toEqual([1, 3, 4, 5]);
  });

  it('starts no new task once aborted', async () => {
    const ctl = new AbortController();
    const seen: number[] = [];
    await runQueue(
      [1, 2, 3, 4],
      1,
      async (n) => {
        seen.push(n);
        if (n === 2) ctl.abort();
      },
      ctl.signal,
    );
    expect(seen).toEqual([1, 2]);
  });
});
