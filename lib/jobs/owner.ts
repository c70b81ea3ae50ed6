// Who owns a session: the browser that created it. The API edge reads the owner token from an HttpOnly cookie
// (lib/api/owner.ts); a session keeps only the token's hash. Another visitor who learns a session id or a
// file id still cannot process, download or delete those files: to them the session does not exist.
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

export interface Owner {
  token: string;
  /** true when the token was made for this request and must be sent back as a cookie */
  fresh: boolean;
}

export const ownerHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function isOwner(storedHash: string | undefined, owner: Owner): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(ownerHash(owner.token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
