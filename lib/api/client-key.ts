// Who is asking, for rate limits and the per-client job cap. Behind a reverse proxy set TRUST_PROXY_HOPS to
// the number of proxies that append to X-Forwarded-For; the client's own X-Forwarded-For is never trusted
// beyond that.
import 'server-only';

export function clientKey(req: Request): string {
  const hops = Number(process.env.TRUST_PROXY_HOPS ?? '0');
  const xff = (req.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  // Next's own server sets X-Forwarded-For to the socket address when the request has none; with a proxy
  // chain, the entry `hops` from the right is the one our own proxy saw.
  const ip = hops > 0 ? xff[Math.max(0, xff.length - hops)] : xff[xff.length - 1];
  return (ip || req.headers.get('x-real-ip') || 'unknown').replace(/^::ffff:/, '');
}
