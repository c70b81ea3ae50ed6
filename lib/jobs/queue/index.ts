// jobQueue(): the process's job queue, local or redis from QUEUE (kept on globalThis so dev-mode reloads do
// not start a second one). The API code only sees the JobQueue interface.
import 'server-only';
import { serverConfig } from '@/lib/config';
import { LocalJobQueue } from './local-queue';
import { RedisJobQueue } from './redis-queue';
import { checkQueueConfig } from './settings';
import type { JobQueue } from './types';

export type { FileJob, JobHooks, JobQueue } from './types';

const KEY = Symbol.for('onedesk.jobQueue');
type WithQueue = typeof globalThis & { [KEY]?: JobQueue };

export function jobQueue(): JobQueue {
  const g = globalThis as WithQueue;
  if (!g[KEY]) {
    checkQueueConfig();
    g[KEY] = serverConfig().queue.mode === 'redis' ? new RedisJobQueue() : new LocalJobQueue();
  }
  return g[KEY]!;
}

/** Tests: close the queue's connections and pick again from the current config on next use. */
export async function resetJobQueue(): Promise<void> {
  const g = globalThis as WithQueue;
  const q = g[KEY];
  delete g[KEY];
  await q?.close();
}
