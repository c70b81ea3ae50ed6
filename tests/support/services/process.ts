// Shared plumbing for the real servers tests start (tests/support/services/*): free loopback ports, a
// private temp dir per server, readiness polling, and stopping by PID (no systemd here).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port the kernel says is free on 127.0.0.1 right now (closed again before it is returned). */
function kernelFreePort(): Promise<number> {
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

// Ports handed out, reserved across every test run on this host: a lock file per port, created exclusively
// (O_EXCL), so two runs starting servers at once never both pick a port in the window between the kernel's
// "free" and the daemon's bind. That window is what let two single-node Ceph clusters collide: a monitor
// that cannot bind retries for 10 s while its cluster's clients talk to the other cluster's monitor on the
// port ("wrong fsid").
const PORT_LOCKS = path.join(os.tmpdir(), 'onedesk-port-locks');
const heldPorts = new Set<number>();
const STALE_LOCK_MS = 10 * 60_000;

function claimPort(port: number): boolean {
  const file = path.join(PORT_LOCKS, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    heldPorts.add(port);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  // Held by a run that died long ago: removed for the next caller (never taken over at once: two runs
  // could both see it stale).
  try {
    const owner = Number(fs.readFileSync(file, 'utf8'));
    if (!alive(owner) && Date.now() - fs.statSync(file).mtimeMs > STALE_LOCK_MS) fs.rmSync(file, { force: true });
  } catch {
    /* released meanwhile */
  }
  return false;
}

/** A free loopback port reserved for this process (see above) until releasePort() or its exit. */
export async function freePort(): Promise<number> {
  fs.mkdirSync(PORT_LOCKS, { recursive: true });
  for (let i = 0; i < 100; i++) {
    const port = await kernelFreePort();
    if (!heldPorts.has(port) && claimPort(port)) return port;
  }
  throw new Error(`no loopback port could be reserved (locks in ${PORT_LOCKS})`);
}

/** Gives a port from freePort() back (its server stopped). */
export function releasePort(port: number): void {
  if (!heldPorts.delete(port)) return;
  fs.rmSync(path.join(PORT_LOCKS, String(port)), { force: true });
}

process.on('exit', () => {
  for (const port of heldPorts) fs.rmSync(path.join(PORT_LOCKS, String(port)), { force: true });
});

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

/** Thrown from a readiness check when waiting longer cannot help (the daemon exited). */
export class Fatal extends Error {}

/** Polls check() until it is true or the time is up; the last error (if any) goes into the message. A Fatal
 * error ends the wait at once. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (e) {
      if (e instanceof Fatal) throw e;
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
