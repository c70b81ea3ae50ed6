// What a queued job carries through Redis and how its failure comes back: shared by the web instance that
// enqueues (redis-queue.ts) and the worker that runs it (worker-main.ts).
import { AppError, ERROR_CODES, isAppError, type ErrorCode } from '@/lib/core/errors';
import type { QueuedOptions } from './secrets';

export interface QueuedJobData {
  v: 1;
  sessionId: string;
  tool: string;
  client: string;
  /** Bytes the web instance reserved for the result (the worker checks the rest before storing it). */
  paid?: number;
  /** Secret options sealed (secrets.ts); never the password in clear. */
  options: QueuedOptions;
}

const MARK = 'onedesk-error:';

/** A failure as the job's failedReason: a visitor's AppError keeps its code and message; anything else is an
 * internal error whose text stays in the worker's log. */
export function encodeFailure(e: unknown): string {
  if (isAppError(e))
    return MARK + JSON.stringify({ code: e.code, message: e.message, retryAfterSeconds: e.retryAfterSeconds });
  return MARK + JSON.stringify({ code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) });
}

export function decodeFailure(reason: string | undefined): Error {
  if (reason?.startsWith(MARK)) {
    try {
      const f = JSON.parse(reason.slice(MARK.length)) as { code: string; message: string; retryAfterSeconds?: number };
      if (f.code !== 'INTERNAL' && (ERROR_CODES as readonly string[]).includes(f.code))
        return new AppError(f.code as ErrorCode, f.message, { retryAfterSeconds: f.retryAfterSeconds });
      return new Error(`job failed on a worker: ${f.message}`);
    } catch {
      // fall through: not ours
    }
  }
  // BullMQ's own reasons, e.g. "job stalled more than allowable limit" (a poison job killed two workers).
  return new Error(`job failed on a worker: ${reason ?? 'unknown reason'}`);
}
