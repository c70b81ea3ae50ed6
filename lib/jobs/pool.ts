// The process-wide job pool (kept on globalThis so dev-mode reloads do not start a second one).
import 'server-only';
import { serverConfig } from '@/lib/config';
import { WorkerPool } from './worker-pool';

const KEY = Symbol.for('onedesk.jobPool');
type WithPool = typeof globalThis & { [KEY]?: WorkerPool };

export function jobPool(): WorkerPool {
  const g = globalThis as WithPool;
  if (!g[KEY]) {
    const cfg = serverConfig();
    g[KEY] = new WorkerPool({
      size: cfg.jobConcurrency,
      queueMax: cfg.jobQueueMax,
      timeoutMs: cfg.jobTimeoutMs,
      memoryMb: cfg.jobMemoryMb,
      perToolMemoryMb: { 'image/remove_background': Math.max(cfg.jobMemoryMb, cfg.removeBackgroundMemoryMb) },
      maxJobsPerClient: cfg.maxJobsPerClient,
      perToolLimit: { 'image/remove_background': cfg.removeBackgroundConcurrency },
      maxJobsPerWorker: cfg.maxJobsPerWorker,
      recycleMb: cfg.jobRecycleMb,
      perToolRecycleMb: { 'image/remove_background': cfg.removeBackgroundRecycleMb },
      warmIdleMs: cfg.removeBackgroundIdleMs,
    });
  }
  return g[KEY]!;
}

/** Tests: stop the job runners so the process can exit, and start afresh with the current config. */
export async function resetJobPool(): Promise<void> {
  const g = globalThis as WithPool;
  const pool = g[KEY];
  delete g[KEY];
  await pool?.close();
}
