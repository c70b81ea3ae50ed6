// Process-local leases for the disk store: one machine, one process owns the jobs, so memory is enough.
import { randomBytes } from 'node:crypto';

const KEY = Symbol.for('onedesk.leases');
type WithLeases = typeof globalThis & { [KEY]?: Map<string, Map<string, number>> };
const leases = () => ((globalThis as WithLeases)[KEY] ??= new Map());

export function acquireLocalLease(sessionId: string, ms: number): string {
  const token = randomBytes(8).toString('hex');
  const m = leases().get(sessionId) ?? new Map<string, number>();
  m.set(token, Date.now() + ms);
  leases().set(sessionId, m);
  return token;
}

export function releaseLocalLease(sessionId: string, token?: string): void {
  const m = leases().get(sessionId);
  if (!m) return;
  if (token) m.delete(token);
  if (!token || m.size === 0) leases().delete(sessionId);
}

export function isLocallyLeased(sessionId: string, now = Date.now()): boolean {
  const m = leases().get(sessionId);
  if (!m) return false;
  for (const [t, until] of m) if (until <= now) m.delete(t);
  if (m.size === 0) leases().delete(sessionId);
  return m.size > 0;
}
