// Session store on object storage (STORAGE=s3): inputs and results are objects
// (sessions/<id>/in/<n>, sessions/<id>/out/<file_id>), everything else lives in Redis (s3-records.ts), so
// any web instance or worker can serve any step. Jobs work on local copies in this process's scratch.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import type { JobInput } from '@/lib/tools/types';
import { isOwner, ownerHash, type Owner } from '../owner';
import { forgetSession, measureStorage } from '../storage';
import { assertSessionId, isFileId, isSessionId, newFileId } from '../ids';
import { NOT_FOUND_SESSION } from './disk';
import { OBJECT_PREFIX, S3Objects } from './s3-objects';
import { K, redis, sharedUsed } from './s3-records';
import { processScratchRoot, removeDeadScratch } from './scratch';
import type { FoundOutput, SessionMeta, SessionStore, StoredInput, StoredOutput, SweepReport } from './types';

const prefix = (id: string) => `${OBJECT_PREFIX}${assertSessionId(id)}/`;
const inKey = (id: string, file: string) => `${prefix(id)}in/${file}`;
const outKey = (id: string, fileId: string) => `${prefix(id)}out/${fileId}`;

export class S3Store implements SessionStore {
  readonly kind = 's3' as const;
  readonly objects = new S3Objects();

  async readSession(id: string): Promise<SessionMeta | null> {
    const raw = await redis().get(K.session(assertSessionId(id)));
    return raw ? (JSON.parse(raw) as SessionMeta) : null;
  }

  async requireSession(id: string, owner: Owner): Promise<SessionMeta> {
    const meta = await this.readSession(id);
    if (!meta || !isOwner(meta.owner, owner)) throw new AppError('NOT_FOUND', NOT_FOUND_SESSION);
    return meta;
  }

  async saveSession(meta: SessionMeta): Promise<void> {
    await redis()
      .multi()
      .set(K.session(assertSessionId(meta.id)), JSON.stringify(meta))
      .zadd(K.sessions, Date.now(), meta.id)
      .exec();
  }

  /** SET NX on the owner key: of two racing visitors only one creates it. */
  async claimSession(id: string, owner: Owner): Promise<boolean> {
    const hash = ownerHash(owner.token);
    const [[, created]] = (await redis()
      .multi()
      .set(K.owner(assertSessionId(id)), hash, 'NX')
      .zadd(K.sessions, 'NX', Date.now(), id)
      .exec()) as [[Error | null, unknown]];
    if (created === 'OK') return true;
    return isOwner((await redis().get(K.owner(id))) ?? undefined, owner);
  }

  async touchSession(id: string): Promise<void> {
    await redis().zadd(K.sessions, 'XX', Date.now(), id);
  }

  async stagingRoot(): Promise<string> {
    const dir = path.join(processScratchRoot(), 'staging');
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  async replaceInputs(sessionId: string, inputs: StoredInput[], files: string[]): Promise<void> {
    await this.objects.deletePrefix(`${prefix(sessionId)}in/`);
    for (const [i, f] of files.entries()) {
      await this.objects.putFile(inKey(sessionId, inputs[i].file), f);
      await fs.rm(f, { force: true });
    }
  }

  async scratchDir(id: string, kind: 'job'): Promise<string> {
    const dir = path.join(processScratchRoot(), `${kind}-${assertSessionId(id)}-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  async materializeInputs(meta: SessionMeta, dir: string): Promise<JobInput[]> {
    const inDir = path.join(dir, 'in');
    await fs.mkdir(inDir, { recursive: true });
    const out: JobInput[] = [];
    for (const i of meta.inputs) {
      const local = path.join(inDir, i.file);
      // Swept or expired between the check and the job: as gone as a missing session.
      if (!(await this.objects.download(inKey(meta.id, i.file), local)))
        throw new AppError('NOT_FOUND', NOT_FOUND_SESSION);
      out.push({ path: local, name: i.name, size: i.size, kind: i.kind });
    }
    return out;
  }

  async storeOutput(
    meta: SessionMeta,
    srcPath: string,
    info: Omit<StoredOutput, 'fileId' | 'size'>,
  ): Promise<StoredOutput> {
    const fileId = newFileId();
    const { size } = await fs.stat(srcPath);
    await this.objects.putFile(outKey(meta.id, fileId), srcPath, info.mime);
    await fs.rm(srcPath, { force: true });
    const output: StoredOutput = { ...info, fileId, size };
    await redis().set(K.file(fileId), JSON.stringify({ sessionId: meta.id, tool: info.tool }));
    const previous = meta.outputs.splice(0, meta.outputs.length, output);
    await this.saveSession(meta);
    if (previous.length) {
      await redis().del(...previous.map((o) => K.file(o.fileId)));
      await this.objects.delete(previous.map((o) => outKey(meta.id, o.fileId)));
    }
    return output;
  }

  async findOutput(fileId: string, tool: string, owner: Owner): Promise<FoundOutput | null> {
    if (!isFileId(fileId)) return null;
    const raw = await redis().get(K.file(fileId));
    if (!raw) return null;
    const ref = JSON.parse(raw) as { sessionId: string; tool: string };
    if (ref.tool !== tool) return null;
    const meta = await this.readSession(ref.sessionId).catch(() => null);
    const output = meta?.outputs.find((o) => o.fileId === fileId && o.tool === tool);
    if (!meta || !output || !isOwner(meta.owner, owner)) return null;
    await this.touchSession(meta.id);
    return { output, open: () => this.objects.open(outKey(meta.id, fileId)) };
  }

  async deleteSession(id: string, owner?: Owner): Promise<boolean> {
    assertSessionId(id);
    const meta = await this.readSession(id).catch(() => null);
    if (owner && meta && !isOwner(meta.owner, owner)) return false;
    if (owner && !meta) {
      // Claimed but never saved (a failed first upload): only its owner may remove it.
      const held = await redis().get(K.owner(id));
      if (held && !isOwner(held, owner)) return false;
    }
    // Objects first: if this fails half-way, the records still lead the next sweep to the rest.
    const objects = await this.objects.deletePrefix(prefix(id));
    const keys = [K.session(id), K.owner(id), K.lease(id), ...(meta?.outputs ?? []).map((o) => K.file(o.fileId))];
    const [[, removed]] = (await redis()
      .multi()
      .del(...keys)
      .zrem(K.sessions, id)
      .exec()) as [[Error | null, number]];
    forgetSession(id);
    return objects > 0 || removed > 0;
  }

  async acquireLease(sessionId: string, ms: number): Promise<string> {
    const token = randomBytes(8).toString('hex');
    const key = K.lease(assertSessionId(sessionId));
    await redis()
      .multi()
      .zadd(key, Date.now() + ms, token)
      .pexpire(key, ms, 'GT')
      .exec();
    // A key without an expiry yet ignores GT: give it one.
    await redis().pexpire(key, ms, 'NX');
    return token;
  }

  async releaseLease(sessionId: string, token?: string): Promise<void> {
    const key = K.lease(assertSessionId(sessionId));
    if (token) await redis().zrem(key, token);
    else await redis().del(key);
  }

  private async leased(id: string, now: number): Promise<boolean> {
    const key = K.lease(id);
    const [, [, count]] = (await redis().multi().zremrangebyscore(key, '-inf', now).zcard(key).exec()) as [
      unknown,
      [Error | null, number],
    ];
    return count > 0;
  }

  async sweepOnce(now = Date.now(), startup = false): Promise<SweepReport> {
    const report: SweepReport = { sessions: 0, scratch: 0, orphans: 0 };
    const cutoff = now - serverConfig().sessionTtlMs;
    for (;;) {
      const idle = await redis().zrangebyscore(K.sessions, '-inf', cutoff, 'LIMIT', 0, 200);
      let progressed = false;
      for (const id of idle) {
        // Used again since the listing, or a job holds it: leave it.
        const last = Number(await redis().zscore(K.sessions, id));
        if (last > cutoff || (await this.leased(id, now))) continue;
        // A malformed id cannot name objects: drop its records.
        if (!isSessionId(id)) await redis().zrem(K.sessions, id);
        else await this.deleteSession(id);
        report.sessions++;
        progressed = true;
      }
      if (idle.length < 200 || !progressed) break;
    }
    if (startup) report.scratch += await removeDeadScratch();
    await measureStorage(0);
    return report;
  }

  usedBytes(): Promise<number> {
    return sharedUsed();
  }
}
