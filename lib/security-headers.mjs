// Security headers for every page and API reply. Plain JS so next.config.ts and tests share one source.
// Next's hydration uses inline scripts: script-src keeps 'unsafe-inline' here, and server.mjs adds each static
// page's script hashes (lib/csp-hashes.mjs), which make browsers ignore it. No visitor-supplied HTML;
// downloads are always attachments.

/** The ad network's origin from AD_HOST (a host or URL), or null. */
export function adOrigin(adHost = process.env.AD_HOST) {
  if (!adHost) return null;
  try {
    return new URL(/^https?:\/\//.test(adHost) ? adHost : `https://${adHost}`).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(adHost = process.env.AD_HOST, dev = process.env.NODE_ENV !== 'production') {
  const ad = adOrigin(adHost);
  const extra = ad ? ` ${ad}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}${dev ? ' ws: wss:' : ''}`,
    `frame-src${ad ? extra : " 'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(adHost = process.env.AD_HOST, dev = process.env.NODE_ENV !== 'production') {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(adHost, dev) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    {
      key: 'Permissions-Policy',
      value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}
