// Who is asking, for rate limits and the per-client job cap. server.mjs rebuilds X-Forwarded-For from the
// socket (trusting only TRUST_PROXY_HOPS proxies), so its rightmost-trusted entry is the client.
import 'server-only';
import { serverConfig } from '@/lib/config';

export function clientKey(req: Request): string {
  const hops = serverConfig().trustProxyHops;
  const xff = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // The last entry is the socket address; with proxies in front, the entry `hops` places before it is the
  // address the outermost trusted proxy saw.
  const ip = xff[Math.max(0, xff.length - 1 - hops)];
  return (ip || 'unknown').replace(/^::ffff:/, '');
}
