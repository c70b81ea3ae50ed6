// sessionStore(): the backend STORAGE names (disk by default), one instance per process and settings.
import 'server-only';
import { serverConfig, storageConfigErrors } from '@/lib/config';
import { DiskStore } from './disk';
import { S3Store } from './s3';
import type { SessionStore } from './types';

export type { FoundOutput, SessionMeta, SessionStore, StoredInput, StoredOutput, SweepReport } from './types';

const KEY = Symbol.for('onedesk.sessionStore');
type WithStore = typeof globalThis & { [KEY]?: { key: string; store: SessionStore } };

export function sessionStore(): SessionStore {
  const cfg = serverConfig();
  const key = cfg.storage === 's3' ? JSON.stringify([cfg.redisUrl, cfg.s3]) : 'disk';
  const g = globalThis as WithStore;
  if (g[KEY]?.key === key) return g[KEY]!.store;
  const errors = storageConfigErrors(cfg);
  if (errors.length) throw new Error(`Storage settings are inconsistent:\n  ${errors.join('\n  ')}`);
  const store: SessionStore = cfg.storage === 's3' ? new S3Store() : new DiskStore();
  g[KEY] = { key, store };
  return store;
}
