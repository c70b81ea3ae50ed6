// Security headers on every page and API reply of the production server (issue 9 item 4).
import { test, expect } from '@playwright/test';
import { TOOLS } from '../lib/tools/registry';

const REQUIRED = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'x-frame-options',
];

test('pages and API replies carry the security headers', async ({ request }) => {
  const paths = ['/', ...TOOLS.map((t) => `/${t.slug}`), '/privacy-policy', '/terms-of-service', '/no-such-page'];
  for (const p of paths) {
    const res = await request.get(p);
    const h = res.headers();
    for (const name of REQUIRED) expect(h[name], `${name} on ${p}`).toBeTruthy();
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).toContain("default-src 'self'");
  }
  const api = await request.post('/api/text/count/', { data: { text: 'x' } });
  for (const name of REQUIRED) expect(api.headers()[name], `${name} on the API`).toBeTruthy();
  const missing = await request.get('/api/pdf/merge/download/0/');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toContain('application/json');
  expect(missing.headers()['x-content-type-options']).toBe('nosniff');
});

test('a page renders under its CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/qr-generate');
  await page.getByPlaceholder('Enter text or URL to generate QR code').fill('https://example.org');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('img', { name: /QR/i })).toBeVisible();
  expect(violations).toEqual([]);
});

test('static pages run their own inline scripts by hash and refuse any other', async ({ page, request }) => {
  for (const p of ['/', '/pdf-compress', '/pdf-merge', '/text-count', '/privacy-policy', '/no-such-page']) {
    const csp = (await request.get(p)).headers()['content-security-policy'];
    expect(csp, p).toMatch(/script-src 'self' 'unsafe-inline'( 'sha256-[A-Za-z0-9+/]+=*')+;/);
  }
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/pdf-compress');
  await expect(page.locator('[data-testid="drop-zone"][data-ready="true"]')).toHaveCount(1);
  // Client-side navigation (RSC, no new HTML) still works under the page's policy.
  await page.locator('nav a[href="/pdf-merge"]').first().click();
  await expect(page).toHaveURL(/\/pdf-merge$/);
  await expect(page.locator('[data-testid="drop-zone"][data-ready="true"]')).toHaveCount(1);
  expect(violations).toEqual([]);
  // An inline script injected into the page (what an XSS would do) does not run.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
});
