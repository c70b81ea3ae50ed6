// Start-up checks for the queue settings: a process refuses to start with settings that cannot work together,
// naming what to change, instead of failing on the first job.
import 'server-only';
import { serverConfig, type ServerConfig } from '@/lib/config';
import { parseLanes } from './lanes';

/** QUEUE_SECRET_KEY as 32 bytes: 64 hex digits or base64 of 32 bytes. */
export function parseSecretKey(raw: string | undefined): Buffer | null {
  if (!raw) return null;
  const text = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

/** What is wrong with the queue settings (empty when they are consistent). */
export function queueConfigProblems(cfg: ServerConfig = serverConfig()): string[] {
  const q = cfg.queue;
  const problems: string[] = [];
  if (q.mode !== 'local' && q.mode !== 'redis') {
    problems.push(`QUEUE must be "local" or "redis" (got "${q.mode}").`);
    return problems;
  }
  const { lanes, unknown } = parseLanes(q.workerQueues);
  if (unknown.length || lanes.length === 0)
    problems.push(`WORKER_QUEUES lists queues to consume, from "document" and "model" (got "${q.workerQueues}").`);
  if (q.mode === 'local') return problems;
  if (!cfg.redisUrl) problems.push('QUEUE=redis needs REDIS_URL (e.g. redis://127.0.0.1:6379).');
  if (!parseSecretKey(q.secretKey))
    problems.push(
      'QUEUE=redis needs QUEUE_SECRET_KEY: 32 random bytes as 64 hex digits (openssl rand -hex 32), the same on ' +
        'every web instance and worker; it encrypts secret job options (the lock password) while they wait in Redis.',
    );
  if (cfg.storage !== 's3' && !q.sharedDataDir)
    problems.push(
      'QUEUE=redis with STORAGE=disk: workers on other machines cannot read this disk. Use STORAGE=s3, or declare ' +
        'that DATA_DIR is one shared disk mounted by every web instance and worker with SHARED_DATA_DIR=1.',
    );
  return problems;
}

/** Throws one clear error listing every problem (start-up of the server and of `npm run worker`). */
export function checkQueueConfig(cfg: ServerConfig = serverConfig()): void {
  const problems = queueConfigProblems(cfg);
  if (problems.length) throw new Error(`Inconsistent queue settings:\n- ${problems.join('\n- ')}`);
}

export function queueSecretKey(): Buffer {
  const key = parseSecretKey(serverConfig().queue.secretKey);
  if (!key) throw new Error('QUEUE_SECRET_KEY is missing or not 32 bytes (see checkQueueConfig).');
  return key;
}

/** Server and worker start-up: inconsistent settings stop the process with the list (Next only logs an error
 * thrown by the instrumentation hook and keeps serving, so this exits itself). */
export function exitOnBadQueueConfig(): void {
  const problems = queueConfigProblems();
  if (problems.length === 0) return;
  console.error(`OneDesk cannot start, the queue settings are inconsistent:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

/** Longest a job may live once queued: its time limit, once more after a stall, and the stall detection. The
 * web instance waits this long and its lease on the session lasts as long. */
export function jobLifetimeMs(cfg: ServerConfig = serverConfig()): number {
  return cfg.queue.mode === 'redis' ? 2 * cfg.jobTimeoutMs + 3 * cfg.queue.lockMs + 60_000 : cfg.jobTimeoutMs * 2;
}
