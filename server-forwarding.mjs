// X-Forwarded-For as the app should see it: the socket address, after the last `hops` entries that the
// trusted proxies in front of us appended. Whatever the client wrote itself is dropped.
export function trustedForwardedFor(header, socketAddress, hops) {
  const chain = String(header || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const kept = hops > 0 ? chain.slice(-hops) : [];
  return [...kept, socketAddress || 'unknown'].join(', ');
}
