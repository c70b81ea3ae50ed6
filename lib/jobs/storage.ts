// The storage budget (DISK_BUDGET_MB) as a ledger: bytes are reserved synchronously as they arrive (an
// upload's chunks, a job's result, a QR image) against what is stored plus every reservation in flight,
// so concurrent requests cannot all pass one stale check. One client (address) may hold at most its share
// of the budget. What is stored is measured now and then (disk: du of DATA_DIR; s3: the shared ledger in
// Redis, which every instance updates as sessions are stored and deleted); bytes stored since are counted here.
import 'server-only';
import { AppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import { sessionStore } from './store';
import { isStorageDown, storageDownError } from './store/unavailable';

const FULL = 'The server is out of storage space right now. Please try again in a few minutes.';
const SHARE =
  'You are using too much storage space on this server. Delete or download your earlier files and try again.';

interface Ledger {
  /** Bytes under the data directory at the last measurement, and when it started. */
  base: number;
  measuredAt: number;
  measuring: Promise<void> | null;
  /** Changes stored since: dropped once a measurement that started after them has counted them. */
  recent: { bytes: number; at: number }[];
  reservations: Set<Reservation>;
  /** Bytes each session holds (inputs and result) and whose they are. */
  sessions: Map<string, { client: string; bytes: number }>;
  /** s3: each client's stored bytes across all instances, as last read from Redis. */
  clientBase: Map<string, number>;
  /** s3: ledger writes to Redis not yet confirmed (a measurement waits for them). */
  pending: Set<Promise<void>>;
}

const KEY = Symbol.for('onedesk.storage');
type WithLedger = typeof globalThis & { [KEY]?: Ledger };
function ledger(): Ledger {
  const g = globalThis as WithLedger;
  g[KEY] ??= {
    base: 0,
    measuredAt: 0,
    measuring: null,
    recent: [],
    reservations: new Set(),
    sessions: new Map(),
    clientBase: new Map(),
    pending: new Set(),
  };
  return g[KEY]!;
}

/** Re-measures the data directory when the last measurement is older than maxAgeMs. */
export async function measureStorage(maxAgeMs = 2000): Promise<void> {
  const l = ledger();
  if (Date.now() - l.measuredAt < maxAgeMs) return;
  l.measuring ??= (async () => {
    await Promise.all(l.pending);
    const started = Date.now();
    // Reserved bytes may already be on disk (staging): counted twice for a moment, never zero times.
    const base = (await sessionStore().usedBytes()) + (shared() ? await s3Ledger().exchangeReserved(ownReserved()) : 0);
    l.base = base;
    l.measuredAt = started;
    l.recent = l.recent.filter((r) => r.at >= started);
  })().finally(() => {
    l.measuring = null;
  });
  await l.measuring;
}

/** Bytes counted against the budget now: on disk, stored since the last measurement, and reserved. */
export function storageUsed(): number {
  const l = ledger();
  let total = l.base;
  for (const r of l.recent) total += r.bytes;
  for (const r of l.reservations) total += r.bytes;
  return Math.max(0, total);
}

const shared = () => serverConfig().storage === 's3';

/** The Redis ledger (s3 mode only; loaded on first use so the disk default does not load ioredis). */
function s3Ledger(): typeof import('./store/s3-records') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./store/s3-records');
}

function ownReserved(): number {
  let total = 0;
  for (const r of ledger().reservations) total += r.bytes;
  return total;
}

// s3: while this instance holds reservations, other instances must keep seeing them (a long upload makes
// no new measurement of its own): re-published every 2 s, the timer ends with the last reservation.
const PUBLISH = Symbol.for('onedesk.storage.publish');
type WithPublisher = typeof globalThis & { [PUBLISH]?: NodeJS.Timeout };
function publishWhileReserved(): void {
  const g = globalThis as WithPublisher;
  if (g[PUBLISH]) return;
  g[PUBLISH] = setInterval(() => {
    const idle = ledger().reservations.size === 0;
    if (idle || !shared()) {
      clearInterval(g[PUBLISH]);
      delete g[PUBLISH];
    }
    if (shared())
      track(
        s3Ledger()
          .exchangeReserved(idle ? 0 : ownReserved())
          .then(() => undefined),
      );
  }, 2000);
  g[PUBLISH].unref();
}

/** s3: a ledger write to Redis, tracked so a measurement counts it; a failure is logged (the next sweep's
 * measurement and the sessions' own deletion keep the ledger close). */
function track(write: Promise<void>): void {
  const l = ledger();
  const p = write
    .catch((e) => console.error('[storage] shared ledger update failed:', e instanceof Error ? e.message : e))
    .finally(() => l.pending.delete(p));
  l.pending.add(p);
}

function clientUsed(client: string): number {
  const l = ledger();
  let total = shared() ? (l.clientBase.get(client) ?? 0) : 0;
  if (!shared()) for (const s of l.sessions.values()) if (s.client === client) total += s.bytes;
  for (const r of l.reservations) if (r.client === client) total += r.bytes + r.heldElsewhere;
  return total;
}

export class Reservation {
  bytes = 0;
  private open = true;
  /** @param heldElsewhere bytes another process already reserved for this client's same request (the web
   * half of a queued job): counted in the client's share, not in the total, which sees them published. */
  constructor(
    readonly client: string,
    readonly heldElsewhere = 0,
  ) {
    ledger().reservations.add(this);
    if (shared()) publishWhileReserved();
  }

  /** Claims more bytes; throws 507 (and keeps what it had) when the budget or the client's share is spent. */
  grow(n: number): void {
    if (!this.open) throw new Error('reservation already closed');
    const cfg = serverConfig();
    if (storageUsed() + n > cfg.diskBudgetBytes) throw new AppError('INSUFFICIENT_STORAGE', FULL);
    const share = (cfg.diskBudgetBytes * cfg.clientDiskSharePercent) / 100;
    if (cfg.clientDiskSharePercent < 100 && clientUsed(this.client) + n > share)
      throw new AppError('INSUFFICIENT_STORAGE', SHARE);
    this.bytes += n;
  }

  /** The reserved bytes are gone (the request failed, or the files are counted elsewhere now). */
  release(): void {
    if (!this.open) return;
    this.open = false;
    ledger().reservations.delete(this);
  }
}

/** Starts a reservation for a client, measuring the disk first if the last measurement is stale. */
export async function reserveStorage(client: string, bytes = 0): Promise<Reservation> {
  try {
    await measureStorage();
    if (shared()) ledger().clientBase.set(client, await s3Ledger().sharedClientUsed(client));
  } catch (e) {
    throw isStorageDown(e) ? storageDownError() : e;
  }
  const r = new Reservation(client);
  try {
    r.grow(bytes);
  } catch (e) {
    r.release();
    throw e;
  }
  return r;
}

/**
 * A queued job's result on the worker, before it is stored: the web half reserved `paid` bytes when it queued
 * the job; a result of `bytes` needs room for the rest. Throws 507 (nothing stored, nothing reserved) when it
 * does not fit; null when the web half's reservation covers it. The caller releases the reservation once the
 * result is stored (the web half then settles the session's bytes).
 */
export async function reserveResult(client: string, bytes: number, paid: number): Promise<Reservation | null> {
  if (bytes <= paid) return null;
  try {
    await measureStorage();
    if (shared()) ledger().clientBase.set(client, await s3Ledger().sharedClientUsed(client));
  } catch (e) {
    throw isStorageDown(e) ? storageDownError() : e;
  }
  const r = new Reservation(client, paid);
  try {
    r.grow(bytes - paid);
  } catch (e) {
    r.release();
    throw e;
  }
  return r;
}

/** Records what a session now holds on disk, ending the reservation that paid for it. */
export function settleSession(sessionId: string, client: string, bytes: number, paidBy?: Reservation): void {
  const l = ledger();
  const before = l.sessions.get(sessionId)?.bytes ?? 0;
  l.sessions.set(sessionId, { client, bytes });
  l.recent.push({ bytes: bytes - before, at: Date.now() });
  if (shared()) track(s3Ledger().settleShared(sessionId, client, bytes));
  paidBy?.release();
}

/** A session was deleted: its bytes leave the ledger (the next measurement confirms it). */
export function forgetSession(sessionId: string): void {
  const l = ledger();
  const s = l.sessions.get(sessionId);
  // Another instance may have stored it: the shared ledger always hears of the deletion.
  if (shared()) track(s3Ledger().settleShared(sessionId, '', -1));
  if (!s) return;
  l.sessions.delete(sessionId);
  l.recent.push({ bytes: -s.bytes, at: Date.now() });
}

/** Tests: start from an empty ledger. */
export function resetStorage(): void {
  delete (globalThis as WithLedger)[KEY];
}
