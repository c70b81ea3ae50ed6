import type { ErrorCode } from '@/lib/core/errors';
import type { JobInput, JobOptions, JobOutput } from '@/lib/tools/types';

export interface JobRequest {
  id: number;
  api: string;
  inputs: JobInput[];
  options: JobOptions;
  workDir: string;
}

export type JobReply =
  | { id: number; ok: true; output: JobOutput }
  /** expected: the processor threw an AppError whose message is meant for the visitor. */
  | { id: number; ok: false; error: { code: ErrorCode; message: string; expected: boolean } };

/** What a runner sends: a job's reply, or its own resident memory (where the server cannot read /proc). */
export type RunnerMessage = JobReply | { rss: number };
