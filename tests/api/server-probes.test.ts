// server.mjs answers framework probes itself (no Next, no log lines): Server Action calls outside /api.
import { isFrameworkProbe, stripInternalHeaders } from '../../server-probes.mjs';

describe('framework probes', () => {
  it('drops Next-Action requests outside /api only', () => {
    expect(isFrameworkProbe('POST', '/', { 'next-action': 'x' })).toBe(true);
    expect(isFrameworkProbe('POST', '/pdf-merge?x=1', { 'next-action': '' })).toBe(true);
    expect(isFrameworkProbe('POST', '/api/text/count/', { 'next-action': 'x' })).toBe(false);
    expect(isFrameworkProbe('GET', '/', {})).toBe(false);
    expect(isFrameworkProbe('GET', '/apix', { 'next-action': 'x' })).toBe(true);
  });

  it('removes a client-sent x-middleware-subrequest', () => {
    const h: Record<string, string | undefined> = { 'x-middleware-subrequest': 'middleware', host: 'a' };
    stripInternalHeaders(h);
    expect(h).toEqual({ host: 'a' });
  });
});
