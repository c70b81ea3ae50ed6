// Local scratch of one process in s3 mode: upload staging and job work dirs under
// DATA_DIR/scratch/<host>-<pid>-<start time>/. Several instances may share a DATA_DIR (one machine, or a
// shared volume); at start-up a process removes only scratch of its own host whose process is gone (or of
// its own PID in a previous life: a container's PID 1), never another live instance's uploads in progress.
import 'server-only';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverConfig } from '@/lib/config';

const base = () => path.join(serverConfig().dataDir, 'scratch');
const host = () => os.hostname().replace(/[^A-Za-z0-9.]/g, '_');

const started = Date.now();
export const processScratchRoot = () => path.join(base(), `${host()}-${process.pid}-${started}`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes this host's scratch dirs whose process is gone; the number removed. */
export async function removeDeadScratch(): Promise<number> {
  const prefix = `${host()}-`;
  let removed = 0;
  for (const entry of await fs.readdir(base()).catch(() => [] as string[])) {
    if (!entry.startsWith(prefix)) continue;
    const [pid, since] = entry.slice(prefix.length).split('-').map(Number);
    if (!Number.isInteger(pid)) continue;
    const mine = pid === process.pid;
    if ((mine && since === started) || (!mine && alive(pid))) continue;
    await fs.rm(path.join(base(), entry), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
