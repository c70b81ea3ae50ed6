// The session store's contract: where a session's record, its uploaded inputs and its result live. Two
// backends: disk (DATA_DIR, one machine; today's layout) and s3 (objects in a bucket, records, the file-id
// index, byte usage and leases in Redis). The API and job code call sessionStore() and never know which.
import type { Readable } from 'node:stream';
import type { FileKind } from '@/lib/tools/registry';
import type { JobInput } from '@/lib/tools/types';
import type { Owner } from '../owner';

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

/** A result found by its file id, ready to stream. */
export interface FoundOutput {
  output: StoredOutput;
  /** The bytes; null when they vanished between the lookup and the read (answered as 404). */
  open(): Promise<Readable | null>;
}

export interface SweepReport {
  sessions: number;
  scratch: number;
  orphans: number;
}

export interface SessionStore {
  readonly kind: 'disk' | 's3';
  readSession(id: string): Promise<SessionMeta | null>;
  /** The session, if it exists and belongs to this visitor; to anyone else it does not exist (404). */
  requireSession(id: string, owner: Owner): Promise<SessionMeta>;
  saveSession(meta: SessionMeta): Promise<void>;
  /** Makes the session this visitor's unless someone else created it first (an exclusive create). */
  claimSession(id: string, owner: Owner): Promise<boolean>;
  /** Marks the session as used now (the sweeper measures idleness from it). */
  touchSession(id: string): Promise<void>;
  /** Local staging for an upload in progress: formidable writes here before anything is stored. */
  stagingRoot(): Promise<string>;
  /** Replaces the session's inputs with locally staged files (files[i] becomes inputs[i]); the staged
   * files are consumed (moved or uploaded). */
  replaceInputs(sessionId: string, inputs: StoredInput[], files: string[]): Promise<void>;
  /** A fresh private local directory for one job's scratch files; the caller removes it. */
  scratchDir(sessionId: string, prefix: 'job'): Promise<string>;
  /** Local paths of the session's inputs for a job (disk: in place; s3: downloaded into dir). */
  materializeInputs(meta: SessionMeta, dir: string): Promise<JobInput[]>;
  /** Stores a finished result (a local file, consumed) and indexes its new file id. A session keeps one
   * result: the previous one (and its file id) is removed. */
  storeOutput(meta: SessionMeta, localPath: string, info: Omit<StoredOutput, 'fileId' | 'size'>): Promise<StoredOutput>;
  /** Finds a result by file id; only the tool (API path) that made it, for its owner, may serve it. */
  findOutput(fileId: string, tool: string, owner: Owner): Promise<FoundOutput | null>;
  /** Deletes the whole session and its file index entries; false when there was nothing to delete. With an
   * owner, someone else's session is left alone (and reported as absent). */
  deleteSession(id: string, owner?: Owner): Promise<boolean>;
  /** While a job for the session is queued or running, the sweeper leaves it alone. Returns a token. */
  acquireLease(sessionId: string, ms: number): Promise<string>;
  /** Ends one lease (its token), or every lease of the session without a token. */
  releaseLease(sessionId: string, token?: string): Promise<void>;
  /** One sweep: sessions idle past SESSION_TTL_MINUTES and not leased are deleted. With startup, also this
   * process's own leftover local scratch (never another instance's uploads). */
  sweepOnce(now?: number, startup?: boolean): Promise<SweepReport>;
  /** Bytes stored now, as the shared budget counts them (disk: measured; s3: the Redis ledger). */
  usedBytes(): Promise<number>;
}
