// The one job-queue interface the API code sees (issue 17). Two backends: 'local' runs a job in this process's
// pool (today's behaviour), 'redis' hands it to a BullMQ queue that `npm run worker` processes consume.
import type { JobOptions } from '@/lib/tools/types';
import type { StoredOutput } from '../store';

/** One file job as it travels: which session, which tool, the visitor's options and who asked. */
export interface FileJob {
  sessionId: string;
  /** The tool's API path (registry `api`), e.g. "pdf/compress". */
  tool: string;
  options: JobOptions;
  /** The client key (address): per-client caps and fair sharing in the pool. */
  client: string;
  /** Bytes the web half reserved for the result (the storage budget); where the job runs, a larger result
   * needs room for the rest before it is stored. */
  paidBytes?: number;
}

/** Called where the job runs once the result's size is known, before it is stored (the budget check; only
 * in the web instance's own process: a worker checks with a reservation of its own). */
export interface JobHooks {
  onOutputSize?: (bytes: number) => void;
}

export interface JobQueue {
  readonly kind: 'local' | 'redis';
  /** Runs the job (here or on a worker) and answers the stored result; visitor errors as AppError. */
  run(job: FileJob, hooks?: JobHooks): Promise<StoredOutput>;
  close(): Promise<void>;
}
