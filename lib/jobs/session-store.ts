// Session store on local disk. Layout under the data directory:
//   sessions/<session_id>/meta.json      tool, inputs, outputs, times
//   sessions/<session_id>/in/<n>         uploaded files (random names; the visitor's name is only metadata)
//   sessions/<session_id>/out/<file_id>  results
//   sessions/<session_id>/tmp-*          staging and job scratch, removed when the step ends
//   files/<file_id>.json                 file id -> session, so a download needs only the file id
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import type { FileKind } from '@/lib/tools/registry';
import { isOwner, ownerHash, type Owner } from './owner';
import { forgetSession } from './storage';
import { assertSessionId, isFileId, newFileId } from './ids';

export interface StoredInput {
  file: string; // name inside in/
  name: string; // the visitor's (sanitised) name
  size: number;
  kind: FileKind;
}

export interface StoredOutput {
  fileId: string;
  tool: string;
  name: string; // download name
  mime: string;
  size: number;
  notice?: string;
}

export interface SessionMeta {
  id: string;
  tool: string;
  createdAt: number;
  /** sha-256 of the owner token of the browser that created it (lib/jobs/owner.ts) */
  owner: string;
  inputs: StoredInput[];
  outputs: StoredOutput[];
}

const root = () => serverConfig().dataDir;
export const sessionsDir = () => path.join(root(), 'sessions');
const filesDir = () => path.join(root(), 'files');
export const sessionDir = (id: string) => path.join(sessionsDir(), assertSessionId(id));
const metaPath = (id: string) => path.join(sessionDir(id), 'meta.json');

async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(value));
  await fs.rename(tmp, file);
}

export async function readSession(id: string): Promise<SessionMeta | null> {
  try {
    return JSON.parse(await fs.readFile(metaPath(id), 'utf8')) as SessionMeta;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The session, if it exists and belongs to this visitor; to anyone else it does not exist. */
export async function requireSession(id: string, owner: Owner): Promise<SessionMeta> {
  const meta = await readSession(id);
  if (!meta || !isOwner(meta.owner, owner))
    throw new AppError('NOT_FOUND', 'This session has expired or does not exist. Please upload the file again.');
  return meta;
}

export async function saveSession(meta: SessionMeta): Promise<void> {
  await fs.mkdir(sessionDir(meta.id), { recursive: true });
  await writeJsonAtomic(metaPath(meta.id), meta);
}

/** Makes the session this visitor's unless someone else created it first: the owner file is linked into
 * place, which fails when it exists (an exclusive create), so of two racing visitors only one wins.
 * Returns whether the session is this visitor's. */
export async function claimSession(id: string, owner: Owner): Promise<boolean> {
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

/** Marks the session as used now; the sweeper measures idleness from the meta file's mtime. */
export async function touchSession(id: string): Promise<void> {
  const now = new Date();
  await fs.utimes(metaPath(id), now, now).catch(() => undefined);
}

/** A fresh private directory inside the session for staging or a job's scratch files. */
export async function scratchDir(id: string, prefix: 'job'): Promise<string> {
  const dir = path.join(sessionDir(id), `tmp-${prefix}-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

export const inputPath = (id: string, input: StoredInput) => path.join(sessionDir(id), 'in', input.file);

/** Moves a finished result into out/ and indexes its new file id. A session keeps one result: the
 * previous one (and its file id) is removed. */
export async function storeOutput(
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
  await saveSession(meta);
  for (const o of previous) {
    await fs.rm(path.join(filesDir(), `${o.fileId}.json`), { force: true });
    await fs.rm(path.join(outDir, o.fileId), { force: true });
  }
  return output;
}

/** Finds a result by file id; only the tool (API path) that made it may serve it. */
export async function findOutput(
  fileId: string,
  tool: string,
  owner: Owner,
): Promise<{ output: StoredOutput; path: string } | null> {
  if (!isFileId(fileId)) return null;
  let ref: { sessionId: string; tool: string };
  try {
    ref = JSON.parse(await fs.readFile(path.join(filesDir(), `${fileId}.json`), 'utf8'));
  } catch {
    return null;
  }
  if (ref.tool !== tool) return null;
  const meta = await readSession(ref.sessionId).catch(() => null);
  const output = meta?.outputs.find((o) => o.fileId === fileId && o.tool === tool);
  if (!meta || !output || !isOwner(meta.owner, owner)) return null;
  await touchSession(meta.id);
  return { output, path: path.join(sessionDir(meta.id), 'out', fileId) };
}

/** Deletes the whole session and its file index entries. Returns false when there was nothing to delete.
 * With an owner, a session that belongs to someone else is left alone (and reported as absent). */
export async function deleteSession(id: string, owner?: Owner): Promise<boolean> {
  const meta = await readSession(id).catch(() => null);
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
