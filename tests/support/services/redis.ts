// A real redis-server (Debian `redis-server`) for tests: its own loopback port and temp dir, no
// persistence, stopped by PID. Tests that need it use describeWithRedis(), which skips visibly when the
// binary is absent so a fresh clone's `npm test` still passes.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  freePort,
  haveBinaries,
  releasePort,
  killOnExit,
  makeTempDir,
  startLogged,
  stopPid,
  tail,
  waitFor,
} from './process';

export const hasRedis = haveBinaries('redis-server');

export interface RedisServer {
  port: number;
  url: string;
  dir: string;
  pid: number;
  stop(): Promise<void>;
}

/** Sends one inline command and resolves with the first reply line. */
export function redisCommand(port: number, command: string, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => sock.destroy(new Error('redis: no reply')), timeoutMs);
    let buf = '';
    sock.on('connect', () => sock.write(`${command}\r\n`));
    sock.on('data', (d) => {
      buf += d.toString();
      const nl = buf.indexOf('\r\n');
      if (nl >= 0) {
        clearTimeout(timer);
        sock.end();
        resolve(buf.slice(0, nl));
      }
    });
    sock.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

export async function startRedis(opts: { startTimeoutMs?: number } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = makeTempDir('redis');
  const log = path.join(dir, 'redis.log');
  const child = startLogged(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
      '--logfile',
      '',
    ],
    log,
  );
  const pid = child.pid!;
  const unregister = killOnExit([pid], dir);
  const stop = async () => {
    await stopPid(pid);
    fs.rmSync(dir, { recursive: true, force: true });
    releasePort(port);
    unregister();
  };
  try {
    await waitFor(
      `redis-server on port ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}\n${tail(log)}`);
        return (await redisCommand(port, 'PING')) === '+PONG';
      },
      opts.startTimeoutMs ?? 10_000,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { port, url: `redis://127.0.0.1:${port}`, dir, pid, stop };
}

/** Jest: describe() when redis-server is installed; otherwise a skipped block whose name says why. */
export function describeWithRedis(name: string, fn: () => void): void {
  if (hasRedis) {
    describe(name, fn);
    return;
  }
  console.warn(`[services] redis-server is not installed: skipping "${name}" (Debian package redis-server)`);
  describe.skip(`${name} (skipped: redis-server absent)`, fn);
}
