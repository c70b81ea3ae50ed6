// Session store on local disk (STORAGE=disk, the default). Layout under the data directory:
//   sessions/<session_id>/meta.json      tool, inputs, outputs, times
//   sessions/<session_id>/in/<n>         uploaded files (random names; the visitor's name is only metadata)
//   sessions/<session_id>/out/<file_id>  results
//   sessions/<session_id>/tmp-*          staging and job scratch, removed when the step ends
//   files/<file_id>.json                 file id -> session, so a download needs only the file id
//   staging/up-*                         uploads being parsed, before the session id is known
import 'server-only';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import { isOwner, ownerHash, type Owner } from '../owner';
import { forgetSession } from '../storage';
import { assertSessionId, isFileId, newFileId } from '../ids';
import { acquireLocalLease, releaseLocalLease } from './leases';
import { sweepDisk } from './disk-sweep';
import type { FoundOutput, SessionMeta, SessionStore, StoredInput, StoredOutput } from './types';

const root = () => serverConfig().dataDir;
export const sessionsDir = () => path.join(root(), 'sessions');
export const filesDir = () => path.join(root(), 'files');
export const sessionDir = (id: string) => path.join(sessionsDir(), assertSessionId(id));
const metaPath = (id: string) => path.join(sessionDir(id), 'meta.json');

async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(value));
  await fs.rename(tmp, file);
}

export const NOT_FOUND_SESSION = 'This session has expired or does not exist. Please upload the file again.';

export class DiskStore implements SessionStore {
  readonly kind = 'disk' as const;

  async readSession(id: string): Promise<SessionMeta | null> {
    try {
      return JSON.parse(await fs.readFile(metaPath(id), 'utf8')) as SessionMeta;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async requireSession(id: string, owner: Owner): Promise<SessionMeta> {
    const meta = await this.readSession(id);
    if (!meta || !isOwner(meta.owner, owner)) throw new AppError('NOT_FOUND', NOT_FOUND_SESSION);
    return meta;
  }

  async saveSession(meta: SessionMeta): Promise<void> {
    await fs.mkdir(sessionDir(meta.id), { recursive: true });
    await writeJsonAtomic(metaPath(meta.id), meta);
  }

  /** The owner file is linked into place, which fails when it exists (an exclusive create), so of two
   * racing visitors only one wins. */
  async claimSession(id: string, owner: Owner): Promise<boolean> {
    const dir = sessionDir(id);
    await fs.mkdir(dir, { recursive: true });
    const lock = path.join(dir, 'owner');
    const tmp = `${lock}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, ownerHash(owner.token));
    try {
      await fs.link(tmp, lock);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return isOwner((await fs.readFile(lock, 'utf8')).trim(), owner);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  /** The sweeper measures idleness from the meta file's mtime. */
  async touchSession(id: string): Promise<void> {
    const now = new Date();
    await fs.utimes(metaPath(id), now, now).catch(() => undefined);
  }

  async stagingRoot(): Promise<string> {
    const dir = path.join(root(), 'staging');
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  async replaceInputs(sessionId: string, inputs: StoredInput[], files: string[]): Promise<void> {
    const inDir = path.join(sessionDir(sessionId), 'in');
    await fs.rm(inDir, { recursive: true, force: true });
    await fs.mkdir(inDir);
    for (const [i, f] of files.entries()) await fs.rename(f, path.join(inDir, inputs[i].file));
  }

  async scratchDir(id: string, prefix: 'job'): Promise<string> {
    const dir = path.join(sessionDir(id), `tmp-${prefix}-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  async materializeInputs(meta: SessionMeta) {
    return meta.inputs.map((i) => ({
      path: path.join(sessionDir(meta.id), 'in', i.file),
      name: i.name,
      size: i.size,
      kind: i.kind,
    }));
  }

  async storeOutput(
    meta: SessionMeta,
    srcPath: string,
    info: Omit<StoredOutput, 'fileId' | 'size'>,
  ): Promise<StoredOutput> {
    const fileId = newFileId();
    const outDir = path.join(sessionDir(meta.id), 'out');
    await fs.mkdir(outDir, { recursive: true });
    const dest = path.join(outDir, fileId);
    await fs.rename(srcPath, dest);
    const { size } = await fs.stat(dest);
    const output: StoredOutput = { ...info, fileId, size };
    await fs.mkdir(filesDir(), { recursive: true });
    await writeJsonAtomic(path.join(filesDir(), `${fileId}.json`), { sessionId: meta.id, tool: info.tool });
    const previous = meta.outputs.splice(0, meta.outputs.length, output);
    await this.saveSession(meta);
    for (const o of previous) {
      await fs.rm(path.join(filesDir(), `${o.fileId}.json`), { force: true });
      await fs.rm(path.join(outDir, o.fileId), { force: true });
    }
    return output;
  }

  async findOutput(fileId: string, tool: string, owner: Owner): Promise<FoundOutput | null> {
    if (!isFileId(fileId)) return null;
    let ref: { sessionId: string; tool: string };
    try {
      ref = JSON.parse(await fs.readFile(path.join(filesDir(), `${fileId}.json`), 'utf8'));
    } catch {
      return null;
    }
    if (ref.tool !== tool) return null;
    const meta = await this.readSession(ref.sessionId).catch(() => null);
    const output = meta?.outputs.find((o) => o.fileId === fileId && o.tool === tool);
    if (!meta || !output || !isOwner(meta.owner, owner)) return null;
    await this.touchSession(meta.id);
    const file = path.join(sessionDir(meta.id), 'out', fileId);
    return { output, open: async () => createReadStream(file) };
  }

  async deleteSession(id: string, owner?: Owner): Promise<boolean> {
    const meta = await this.readSession(id).catch(() => null);
    if (owner && meta && !isOwner(meta.owner, owner)) return false;
    const dir = sessionDir(id);
    const existed = await fs.stat(dir).then(
      () => true,
      () => false,
    );
    if (meta) {
      await Promise.all(meta.outputs.map((o) => fs.rm(path.join(filesDir(), `${o.fileId}.json`), { force: true })));
    }
    await fs.rm(dir, { recursive: true, force: true });
    forgetSession(id);
    return existed;
  }

  async acquireLease(sessionId: string, ms: number): Promise<string> {
    return acquireLocalLease(sessionId, ms);
  }

  async releaseLease(sessionId: string, token?: string): Promise<void> {
    releaseLocalLease(sessionId, token);
  }

  sweepOnce(now = Date.now(), startup = false) {
    return sweepDisk(this, now, startup);
  }

  async usedBytes(): Promise<number> {
    return duBytes(root());
  }
}

export async function duBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await duBytes(p);
    else if (e.isFile()) total += (await fs.stat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
