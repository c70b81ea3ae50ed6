// Shared plumbing for the real servers tests start (tests/support/services/*): free loopback ports, a
// private temp dir per server, readiness polling, and stopping by PID (no systemd here).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port the kernel says is free on 127.0.0.1 right now (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether every named binary is on PATH (the Debian servers are optional for a fresh clone). */
export function haveBinaries(...names: string[]): boolean {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return names.every((n) =>
    dirs.some((d) => {
      try {
        fs.accessSync(path.join(d, n), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `onedesk-${prefix}-`));
}

/** Polls check() until it is true or the time is up; the last error (if any) goes into the message. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (e) {
      last = e;
    }
    if (Date.now() > until)
      throw new Error(`${what} not ready after ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A server process: its output goes to a log file in its dir, so a failed start can say why. */
export function startLogged(cmd: string, args: string[], logFile: string, opts: SpawnOptions = {}): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], ...opts });
  fs.closeSync(out);
  child.on('error', () => undefined); // reported through the readiness wait and the log
  return child;
}

export function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM, then SIGKILL after graceMs; resolves when the PID is gone. */
export async function stopPid(pid: number | undefined, graceMs = 3000): Promise<void> {
  if (!pid || !alive(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const until = Date.now() + graceMs;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
    while (alive(pid)) await new Promise((r) => setTimeout(r, 20));
  }
}

/** If the test process exits without stopping its servers (a crash, a killed Jest worker), SIGKILL them and
 * remove their dir so no daemon outlives the run. Returns the unregister function. */
export function killOnExit(pids: number[], dir: string): () => void {
  const onExit = () => {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', onExit);
  return () => process.off('exit', onExit);
}
