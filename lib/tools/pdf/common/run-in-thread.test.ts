import { runInThread, type ThreadFailure } from './run-in-thread';

class TestError extends Error {
  constructor(
    readonly kind: ThreadFailure,
    message: string,
  ) {
    super(message);
  }
}

function run(
  source: string,
  extra: { heapMb?: number; timeoutMs?: number; watch?: (stop: (e: unknown) => void) => () => void } = {},
) {
  const seen: number[] = [];
  const promise = runInThread<number, { n?: number; done?: boolean; fail?: string }>({
    name: 'Test',
    source: `const { parentPort, workerData } = require('node:worker_threads');\n${source}`,
    workerData: { start: 40 },
    heapMb: extra.heapMb ?? 64,
    timeoutMs: extra.timeoutMs ?? 20_000,
    onMessage: (m, settle) => {
      if (m.fail) throw new Error(m.fail);
      if (m.n !== undefined) seen.push(m.n);
      if (m.done) settle.resolve(seen.reduce((a, b) => a + b, 0));
    },
    error: (kind, message) => new TestError(kind, message),
    watch: extra.watch,
  });
  return { promise, seen };
}

describe('runInThread', () => {
  it('streams messages, then resolves once with the answer (later messages are ignored)', async () => {
    const { promise, seen } = run(
      `parentPort.postMessage({ n: workerData.start }); parentPort.postMessage({ n: 2, done: true });
       parentPort.postMessage({ n: 1000, done: true }); console.log('noise the server log must not get');`,
    );
    await expect(promise).resolves.toBe(42);
    expect(seen).toEqual([40, 2]);
  });

  it('rejects with a time-out when the thread does not answer, and stops it', async () => {
    const { promise } = run('setInterval(() => {}, 1000);', { timeoutMs: 300 });
    await expect(promise).rejects.toMatchObject({ kind: 'timeout', message: 'Test took too long' });
  });

  it("maps running out of heap to 'memory'", async () => {
    const { promise } = run('const keep = []; for (;;) keep.push(new Array(1e5).fill({ a: 1 }));', { heapMb: 16 });
    await expect(promise).rejects.toMatchObject({ kind: 'memory' });
  }, 60_000);

  it("rejects with 'other' when the thread exits or throws, and with what onMessage throws", async () => {
    await expect(run('process.exit(3);').promise).rejects.toMatchObject({
      kind: 'other',
      message: 'Test thread exited (3)',
    });
    await expect(run("throw new Error('boom');").promise).rejects.toMatchObject({ kind: 'other', message: 'boom' });
    await expect(run("parentPort.postMessage({ fail: 'bad page' });").promise).rejects.toThrow('bad page');
  });

  it('lets a watcher stop the run, and undoes the watcher once', async () => {
    let undone = 0;
    const { promise } = run('setInterval(() => {}, 1000);', {
      watch: (stop) => {
        const t = setTimeout(() => stop(new TestError('other', 'over a limit')), 50);
        return () => {
          clearTimeout(t);
          undone++;
        };
      },
    });
    await expect(promise).rejects.toThrow('over a limit');
    expect(undone).toBe(1);
  });
});
