// Per-client limits on every API endpoint (RATE_LIMIT_PER_MINUTE), answered with 429 + Retry-After.
import { as, call, json, useTestDataDir } from '../support/api';
import { resetRateLimits } from '@/lib/api/rate-limit';

useTestDataDir({ RATE_LIMIT_PER_MINUTE: '5' });

const count = () => call('POST', '/api/text/count/', { body: JSON.stringify({ text: 'hi' }) });

describe('rate limits', () => {
  beforeEach(() => resetRateLimits());

  it('answers 429 with a clear error and Retry-After past the limit, per client, loopback included', async () => {
    for (let i = 0; i < 5; i++) expect((await count()).status).toBe(200);
    const over = await count();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(over)).toEqual({
      success: false,
      error: 'Too many requests. Please wait a moment and try again.',
    });
    // Another client is not affected.
    await as('carol', async () => expect((await count()).status).toBe(200));
  });

  it('covers file-tool endpoints too', async () => {
    for (let i = 0; i < 5; i++) await call('GET', '/api/pdf/merge/download/0/');
    expect((await call('GET', '/api/pdf/merge/download/0/')).status).toBe(429);
    // Cleanup is never refused: it only frees storage, and a visitor at the limit should not keep files longer.
    expect((await call('DELETE', '/api/pdf/merge/cleanup/1700000000000abc/')).status).not.toBe(429);
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0', async () => {
    process.env.RATE_LIMIT_PER_MINUTE = '0';
    try {
      for (let i = 0; i < 12; i++) expect((await count()).status).toBe(200);
    } finally {
      process.env.RATE_LIMIT_PER_MINUTE = '5';
    }
  });
});

describe('JSON body limits and text limits', () => {
  beforeEach(() => resetRateLimits());
  it('refuses an oversized JSON body with 413 and over-limit texts with 400', async () => {
    const huge = await call('POST', '/api/text/count/', { body: JSON.stringify({ text: 'x'.repeat(400_000) }) });
    expect(huge.status).toBe(413);
    const long = await call('POST', '/api/text/count/', { body: JSON.stringify({ text: 'x'.repeat(5001) }) });
    expect(long.status).toBe(400);
    expect((await json(long)).error).toBe('The text can be at most 5000 characters long.');
    // Characters as the visitor sees them: 5000 flags (10 000 UTF-16 units) are within the limit.
    const flags = await call('POST', '/api/text/count/', { body: JSON.stringify({ text: '🇰🇷'.repeat(5000) }) });
    expect(flags.status).toBe(200);
    expect((await json(flags)).chars).toBe(5000);
    const qr = await call('POST', '/api/qr/generate/process/', {
      body: JSON.stringify({ content: '가'.repeat(1001) }),
    });
    expect(qr.status).toBe(400);
    expect((await json(qr)).error).toBe('The text can be at most 1000 characters long.');
    const bad = await call('POST', '/api/text/count/', { body: '{not json' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe('The request body must be JSON.');
  });
});
