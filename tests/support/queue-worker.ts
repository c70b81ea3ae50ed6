// Starts a job worker the way `npm run worker` does (scripts/worker.mjs, without its build step: the bundle
// is built by Jest's global setup or `npm run build:worker`) and waits for its ready line. Stopped by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface QueueWorker {
  proc: ChildProcess;
  pid: number;
  /** Everything it printed so far. */
  output: () => string;
  /** SIGKILL: a worker that dies mid-job (its job runners see the IPC channel close and exit too). */
  kill: () => Promise<void>;
  /** SIGTERM: finishes running jobs, then exits. */
  stop: () => Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');

/** The environment a redis-mode process needs (a fresh key prefix keeps test runs apart). */
export function queueEnv(redisUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    QUEUE: 'redis',
    REDIS_URL: redisUrl,
    QUEUE_SECRET_KEY: randomBytes(32).toString('hex'),
    QUEUE_PREFIX: `odtest-${randomBytes(4).toString('hex')}`,
    ...extra,
  };
}

export async function startQueueWorker(env: Record<string, string>, timeoutMs = 30_000): Promise<QueueWorker> {
  const proc = spawn(process.execPath, [path.join(root, 'scripts', 'worker.mjs'), '--no-build'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const signal = async (sig: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(sig);
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not ready in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const check = () => {
      if (out.includes('[worker] ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${out}`));
    });
  });
  return { proc, pid: proc.pid!, output: () => out, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
