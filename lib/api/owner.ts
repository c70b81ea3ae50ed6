// The owner token's cookie (see lib/jobs/owner.ts for what ownership means): read from a request, or made
// for it and sent back HttpOnly, SameSite=Strict, scoped to /api.
import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Owner } from '@/lib/jobs/owner';

export const OWNER_COOKIE = 'od_owner';
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

export function readOwner(req: Request): Owner {
  const cookies = req.headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === OWNER_COOKIE && TOKEN.test(v.join('='))) return { token: v.join('='), fresh: false };
  }
  return { token: randomBytes(18).toString('base64url'), fresh: true };
}

export function ownerCookie(owner: Owner, req: Request): Record<string, string> {
  if (!owner.fresh) return {};
  const secure = new URL(req.url).protocol === 'https:' || req.headers.get('x-forwarded-proto') === 'https';
  return {
    'Set-Cookie': `${OWNER_COOKIE}=${owner.token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=86400${secure ? '; Secure' : ''}`,
  };
}
