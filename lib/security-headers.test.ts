import { adOrigin, contentSecurityPolicy, securityHeaders } from './security-headers.mjs';

describe('security headers', () => {
  it('allow only the site itself without an ad host', () => {
    const csp = contentSecurityPolicy('', false);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('add exactly the configured ad host', () => {
    expect(adOrigin('ads.example.net')).toBe('https://ads.example.net');
    expect(adOrigin('https://cdn.ads.example/path/x.js')).toBe('https://cdn.ads.example');
    const csp = contentSecurityPolicy('https://cdn.ads.example/tag.js', false);
    expect(csp).toContain("script-src 'self' 'unsafe-inline' https://cdn.ads.example");
    expect(csp).toContain('frame-src https://cdn.ads.example');
    expect(csp.match(/https:\/\/[^\s;]+/g)!.every((o) => o === 'https://cdn.ads.example')).toBe(true);
  });

  it('include nosniff, referrer, permissions and framing rules', () => {
    const names = securityHeaders('', false).map((h) => h.key);
    expect(names).toEqual(
      expect.arrayContaining([
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Permissions-Policy',
        'X-Frame-Options',
        'Content-Security-Policy',
      ]),
    );
  });
});
