// QUEUE=local (the default): a job runs in this process's pool, exactly as before the queue existed.
import 'server-only';
import { executeFileJob } from './execute';
import type { FileJob, JobHooks, JobQueue } from './types';

export class LocalJobQueue implements JobQueue {
  readonly kind = 'local' as const;
  run(job: FileJob, hooks?: JobHooks) {
    return executeFileJob(job, hooks);
  }
  async close(): Promise<void> {
    // The pool is process-wide (lib/jobs/pool.ts) and closed by its own owner.
  }
}
