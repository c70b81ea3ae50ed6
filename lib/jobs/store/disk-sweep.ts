// The disk store's sweep (moved from lib/jobs/sweeper.ts, same behaviour): sessions idle past the time
// limit are deleted unless a job holds a lease on them; at start-up also scratch of jobs a restart
// interrupted and stale upload staging; file-id index entries whose session is gone.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { serverConfig } from '@/lib/config';
import { isSessionId } from '../ids';
import { measureStorage } from '../storage';
import { isLocallyLeased } from './leases';
import type { SessionStore, SweepReport } from './types';

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

export async function sweepDisk(store: SessionStore, now: number, startup: boolean): Promise<SweepReport> {
  const cfg = serverConfig();
  const report: SweepReport = { sessions: 0, scratch: 0, orphans: 0 };
  const live = new Set<string>();
  const sessions = path.join(cfg.dataDir, 'sessions');

  for (const id of await list(sessions)) {
    const dir = path.join(sessions, id);
    if (!isSessionId(id)) {
      await fs.rm(dir, { recursive: true, force: true });
      report.sessions++;
      continue;
    }
    // Idle time counts from the last use: meta.json is touched on every step.
    const last = Math.max(await mtime(path.join(dir, 'meta.json')), await mtime(dir));
    if (now - last > cfg.sessionTtlMs && !isLocallyLeased(id, now)) {
      await store.deleteSession(id);
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
