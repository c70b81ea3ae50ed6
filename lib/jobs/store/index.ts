// sessionStore(): the backend STORAGE names (disk by default), one instance per process and settings.
import 'server-only';
import { serverConfig, storageConfigErrors } from '@/lib/config';
import { DiskStore } from './disk';
import { withOutageErrors } from './unavailable';
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
  const store: SessionStore = cfg.storage === 's3' ? withOutageErrors(new (loadS3().S3Store)()) : new DiskStore();
  g[KEY] = { key, store };
  return store;
}

/** The s3 backend loads only when chosen: the AWS SDK and ioredis take ~0.1 s of CPU to load, which the
 * single-machine default does not pay. */
function loadS3(): typeof import('./s3') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./s3');
}
