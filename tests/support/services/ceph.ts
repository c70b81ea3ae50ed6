// A single-node Ceph for tests, from Debian (ceph-mon, ceph-osd, radosgw, ceph-common 16.2): one monitor,
// one memstore OSD and one S3 gateway on free loopback ports, everything (config, monitor store, logs,
// sockets) in one temp dir, no systemd, cephx off (loopback only), stopped by PID. The gateway answers S3
// after ~12 s on this machine. Tests that need it use describeWithServices(), which skips visibly when the
// binaries are absent.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  Fatal,
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
import { hasRedis, startRedis, type RedisServer } from './redis';

const run = promisify(execFile);

export const CEPH_BINARIES = ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'ceph', 'monmaptool'];
export const hasCeph = haveBinaries(...CEPH_BINARIES);

export interface CephGateway {
  /** http://127.0.0.1:<port>, path-style S3 */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  dir: string;
  pids: number[];
  /** Seconds from the first command until the gateway answered. */
  startSeconds: number;
  stop(): Promise<void>;
}

function cephConf(dir: string, fsid: string, monPort: number, rgwPort: number, memstoreMb: number): string {
  return `[global]
fsid = ${fsid}
mon host = v1:127.0.0.1:${monPort}
mon initial members = a
public addr = 127.0.0.1
ms bind msgr2 = false
ms bind retry count = 1
auth cluster required = none
auth service required = none
auth client required = none
auth supported = none
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
mon data avail crit = 0
mon data avail warn = 0
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
pid file = ${dir}/run/$name.pid
mon data = ${dir}/mon/$cluster-$id
osd data = ${dir}/osd/$cluster-$id
osd objectstore = memstore
memstore device bytes = ${memstoreMb * 1024 * 1024}
keyring = ${dir}/keyring
osd class update on start = false
osd crush update on start = false
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
rgw dns name = 127.0.0.1
`;
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** Starts mon, OSD and gateway and makes an S3 user. Throws (after cleaning up) with the daemons' log tails
 * when something does not come up in time. */
export async function startCeph(opts: { startTimeoutMs?: number; memstoreMb?: number } = {}): Promise<CephGateway> {
  // A free port can be taken by someone else between the check and the bind (other test runs start
  // servers too): such a start fails fast and is retried on fresh ports.
  const errors: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await startCephOnce(opts);
    } catch (e) {
      errors.push(`attempt ${attempt}: ${(e as Error).message}`);
      if (attempt < 3) console.warn(`[services] Ceph start attempt ${attempt} failed: ${(e as Error).message}`);
    }
  }
  throw new Error(errors.join('\n'));
}

async function startCephOnce(opts: { startTimeoutMs?: number; memstoreMb?: number }): Promise<CephGateway> {
  const t0 = Date.now();
  const timeout = opts.startTimeoutMs ?? 90_000;
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const dir = makeTempDir('ceph');
  for (const d of ['run', 'log', 'mon', 'osd/ceph-0', 'rgw']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  const conf = path.join(dir, 'ceph.conf');
  const fsid = randomUUID();
  fs.writeFileSync(conf, cephConf(dir, fsid, monPort, rgwPort, opts.memstoreMb ?? 1024));
  const log = (n: string) => path.join(dir, 'log', n);
  const pids: number[] = [];
  const unregister = killOnExit(pids, dir);
  const stop = async () => {
    // Memstore saves its objects on a clean stop: nothing here is worth that wait.
    for (const pid of [...pids].reverse()) await stopPid(pid, 1000);
    fs.rmSync(dir, { recursive: true, force: true });
    for (const p of [monPort, rgwPort]) releasePort(p);
    unregister();
  };
  const c = ['-c', conf];
  try {
    await run('monmaptool', ['--create', '--addv', 'a', `[v1:127.0.0.1:${monPort}]`, '--fsid', fsid, `${dir}/monmap`]);
    await run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', `${dir}/monmap`]);
    const mon = startLogged('ceph-mon', [...c, '-i', 'a', '-f'], log('mon.out'));
    pids.push(mon.pid!);
    // The monitor answering on our port must be ours (same fsid), not another run's that took the port.
    await waitFor(
      `ceph-mon on port ${monPort}`,
      async () => {
        if (mon.exitCode !== null) throw new Fatal(`ceph-mon exited\n${tail(log('mon.out'))}`);
        const { stdout } = await run('ceph', [...c, '--connect-timeout', '10', 'fsid'], { timeout: 15_000 });
        if (stdout.trim() !== fsid) throw new Fatal(`port ${monPort} answers for another cluster (${stdout.trim()})`);
        return true;
      },
      timeout,
    );
    const osdUuid = randomUUID();
    await run('ceph', [...c, '--connect-timeout', '10', 'osd', 'new', osdUuid], { timeout: 30_000 });
    // Placed in the CRUSH map here rather than by the OSD at its start: the OSD sends those commands as soon as
    // it is connected, and under load before the monitor's map has reached it, with a zero fsid, which the
    // monitor refuses ("wrong fsid") and the OSD exits (two or three clusters started at once showed it).
    await run(
      'ceph',
      [...c, '--connect-timeout', '10', 'osd', 'crush', 'add', 'osd.0', '1', 'host=onedesk', 'root=default'],
      {
        timeout: 30_000,
      },
    );
    await run('ceph-osd', [...c, '-i', '0', '--mkfs', '--osd-uuid', osdUuid], { timeout: 30_000 });
    const osd = startLogged('ceph-osd', [...c, '-i', '0', '-f'], log('osd.out'));
    pids.push(osd.pid!);
    const rgw = startLogged('radosgw', [...c, '-n', 'client.rgw.a', '-f'], log('rgw.out'));
    pids.push(rgw.pid!);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitFor(
      `radosgw on ${endpoint}`,
      async () => {
        for (const [name, child] of [
          ['ceph-osd', osd],
          ['radosgw', rgw],
        ] as const)
          if (child.exitCode !== null)
            throw new Fatal(
              `${name} exited with ${child.exitCode}\n${tail(log(`${name === 'radosgw' ? 'rgw' : 'osd'}.out`))}`,
            );
        return (await httpStatus(`${endpoint}/`)) === 200;
      },
      Math.max(1000, timeout - (Date.now() - t0)),
    );
    // A gateway that lost the port race exits; the 200 then came from someone else's.
    await new Promise((r) => setTimeout(r, 200));
    if (rgw.exitCode !== null) throw new Fatal(`radosgw exited (port ${rgwPort} taken?)\n${tail(log('rgw.out'))}`);
    const startSeconds = (Date.now() - t0) / 1000;
    const accessKeyId = `OD${randomUUID().replace(/-/g, '').slice(0, 18).toUpperCase()}`;
    const secretAccessKey = randomUUID().replace(/-/g, '');
    await run(
      'radosgw-admin',
      [
        ...c,
        'user',
        'create',
        '--uid=onedesk-test',
        '--display-name=onedesk test',
        `--access-key=${accessKeyId}`,
        `--secret-key=${secretAccessKey}`,
      ],
      { timeout: 60_000 },
    );
    return { endpoint, region: 'us-east-1', accessKeyId, secretAccessKey, dir, pids, startSeconds, stop };
  } catch (e) {
    const logs = ['mon.a.log', 'osd.0.log', 'client.rgw.a.log'].map((f) => `--- ${f}\n${tail(log(f), 8)}`).join('\n');
    await stop();
    throw new Error(`single-node Ceph did not start: ${(e as Error).message}\n${logs}`);
  }
}

/** The environment a web instance or worker needs to use this gateway as STORAGE=s3 (bucket of your choice). */
export function s3Env(gw: CephGateway, bucket: string): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: gw.endpoint,
    S3_REGION: gw.region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: gw.accessKeyId,
    S3_SECRET_ACCESS_KEY: gw.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

const SERVICES = { redis: () => hasRedis, ceph: () => hasCeph } as const;
const PACKAGES = { redis: 'redis-server', ceph: 'ceph-mon ceph-osd radosgw ceph-common' } as const;

/** Jest: describe() when every named server is installed; otherwise a skipped block whose name says which
 * Debian packages are missing (a fresh clone's `npm test` passes without them). */
export function describeWithServices(names: (keyof typeof SERVICES)[], title: string, fn: () => void): void {
  const missing = names.filter((n) => !SERVICES[n]());
  if (missing.length === 0) {
    describe(title, fn);
    return;
  }
  const pkgs = missing.map((m) => PACKAGES[m]).join(' ');
  console.warn(`[services] ${missing.join(', ')} not installed: skipping "${title}" (Debian packages: ${pkgs})`);
  describe.skip(`${title} (skipped: ${missing.join(', ')} absent)`, fn);
}

/** Starts a Ceph gateway and a redis-server together; if either fails, the other is stopped before the
 * error is thrown, so no server outlives a failed start. */
export async function startCephAndRedis(): Promise<[CephGateway, RedisServer]> {
  const [gw, redis] = await Promise.allSettled([startCeph(), startRedis()]);
  if (gw.status === 'fulfilled' && redis.status === 'fulfilled') return [gw.value, redis.value];
  await Promise.all([gw, redis].map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
  throw [gw, redis].map((r) => (r.status === 'rejected' ? r.reason : null)).find(Boolean);
}
