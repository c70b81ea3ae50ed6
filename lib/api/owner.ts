// Binds every session to the browser that created it: an HttpOnly cookie holds a random owner token and
// the session keeps only its hash. Another visitor who learns a session id or a file id still cannot
// process, download or delete those files: to them the session does not exist.
import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const OWNER_COOKIE = 'od_owner';
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

export interface Owner {
  token: string;
  /** true when the token was made for this request and must be sent back as a cookie */
  fresh: boolean;
}

export function readOwner(req: Request): Owner {
  const cookies = req.headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === OWNER_COOKIE && TOKEN.test(v.join('='))) return { token: v.join('='), fresh: false };
  }
  return { token: randomBytes(18).toString('base64url'), fresh: true };
}

export const ownerHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function isOwner(storedHash: string | undefined, owner: Owner): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(ownerHash(owner.token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function ownerCookie(owner: Owner, req: Request): Record<string, string> {
  if (!owner.fresh) return {};
  const secure = new URL(req.url).protocol === 'https:' || req.headers.get('x-forwarded-proto') === 'https';
  return {
    'Set-Cookie': `${OWNER_COOKIE}=${owner.token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=86400${secure ? '; Secure' : ''}`,
  };
}
