// Deletes what a visitor uploaded once its session has been idle past the time limit, even if the cleanup
// call never came; at start-up it also removes scratch left by jobs that a restart interrupted. The work per
// backend is the store's sweepOnce(); this runs it on a timer in each process.
import 'server-only';
import { serverConfig } from '@/lib/config';
import { sessionStore, type SweepReport } from './store';

export type { SweepReport };

/**
 * One sweep of the configured session store (lib/jobs/store/): idle sessions without a lease are deleted.
 * @param startup also remove this process's scratch of jobs that cannot be running any more (a restart killed them)
 */
export function sweep(now = Date.now(), startup = false): Promise<SweepReport> {
  return sessionStore().sweepOnce(now, startup);
}

const KEY = Symbol.for('onedesk.sweeper');
type WithTimer = typeof globalThis & { [KEY]?: NodeJS.Timeout };

/** Runs a sweep now (start-up) and then on an interval that never keeps the process alive. */
export function startSweeper(): void {
  const g = globalThis as WithTimer;
  if (g[KEY]) return;
  const cfg = serverConfig();
  const run = (startup: boolean) =>
    sweep(Date.now(), startup)
      .then((r) => {
        if (r.sessions || r.scratch || r.orphans)
          console.info(
            `[sweeper] removed ${r.sessions} sessions, ${r.scratch} scratch dirs, ${r.orphans} index entries`,
          );
      })
      .catch((e) => console.error('[sweeper] failed:', e instanceof Error ? e.message : e));
  void run(true);
  g[KEY] = setInterval(() => void run(false), Math.max(1000, cfg.sweepIntervalMs));
  g[KEY]!.unref();
}
