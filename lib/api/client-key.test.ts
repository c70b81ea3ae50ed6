import { clientKey } from './client-key';
import { trustedForwardedFor } from '../../server-forwarding.mjs';

const req = (xff?: string) => new Request('http://x/', { headers: xff ? { 'x-forwarded-for': xff } : {} });

describe('client identity', () => {
  afterEach(() => delete process.env.TRUST_PROXY_HOPS);

  it('ignores a spoofed X-Forwarded-For when no proxy is trusted', () => {
    const rebuilt = trustedForwardedFor('6.6.6.6, 7.7.7.7', '::ffff:127.0.0.1', 0);
    expect(rebuilt).toBe('::ffff:127.0.0.1');
    expect(clientKey(req(rebuilt))).toBe('127.0.0.1');
  });

  it('takes the address the trusted proxy saw', () => {
    process.env.TRUST_PROXY_HOPS = '1';
    const rebuilt = trustedForwardedFor('6.6.6.6, 203.0.113.9', '10.0.0.2', 1);
    expect(rebuilt).toBe('203.0.113.9, 10.0.0.2');
    expect(clientKey(req(rebuilt))).toBe('203.0.113.9');
  });
});
