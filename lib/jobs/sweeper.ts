// Deletes what a visitor uploaded once its session has been idle past the time limit, even if the cleanup
// call never came; at start-up it also removes scratch left by jobs that a restart interrupted.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { serverConfig } from '@/lib/config';
import { isSessionId } from './ids';
import { deleteSession, sessionsDir } from './session-store';
import { measureStorage } from './storage';

export interface SweepReport {
  sessions: number;
  scratch: number;
  orphans: number;
}

async function mtime(p: string): Promise<number> {
  try {
    return (await fs.stat(p)).mtimeMs;
  } catch {
    return 0;
  }
}

async function list(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => [] as string[]);
}

/**
 * @param startup also remove scratch dirs of jobs that cannot be running any more (a restart killed them)
 */
export async function sweep(now = Date.now(), startup = false): Promise<SweepReport> {
  const cfg = serverConfig();
  const report: SweepReport = { sessions: 0, scratch: 0, orphans: 0 };
  const live = new Set<string>();

  for (const id of await list(sessionsDir())) {
    const dir = path.join(sessionsDir(), id);
    if (!isSessionId(id)) {
      await fs.rm(dir, { recursive: true, force: true });
      report.sessions++;
      continue;
    }
    // Idle time counts from the last use: meta.json is touched on every step.
    const last = Math.max(await mtime(path.join(dir, 'meta.json')), await mtime(dir));
    if (now - last > cfg.sessionTtlMs) {
      await deleteSession(id);
      report.sessions++;
      continue;
    }
    live.add(id);
    if (startup) {
      for (const entry of await list(dir)) {
        if (entry.startsWith('tmp-')) {
          await fs.rm(path.join(dir, entry), { recursive: true, force: true });
          report.scratch++;
        }
      }
    }
  }

  // Upload staging older than the job time limit is a dead request's leftovers.
  const staging = path.join(cfg.dataDir, 'staging');
  for (const entry of await list(staging)) {
    const p = path.join(staging, entry);
    if (startup || now - (await mtime(p)) > cfg.jobTimeoutMs + cfg.sessionTtlMs) {
      await fs.rm(p, { recursive: true, force: true });
      report.scratch++;
    }
  }

  // File-id index entries whose session is gone.
  const files = path.join(cfg.dataDir, 'files');
  for (const entry of await list(files)) {
    const p = path.join(files, entry);
    try {
      const ref = JSON.parse(await fs.readFile(p, 'utf8')) as { sessionId: string };
      if (live.has(ref.sessionId)) continue;
    } catch {
      // unreadable: remove
    }
    if (now - (await mtime(p)) > 60_000 || startup) {
      await fs.rm(p, { force: true });
      report.orphans++;
    }
  }
  await measureStorage(0);
  return report;
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
