// The API's route files (app/api/**/route.ts): every path shape of SPEC section 7 reaches its endpoint, with or
// without the trailing slash; anything else is a JSON 404, a wrong method a JSON 405 naming the allowed one.
import { call, json, useTestDataDir } from '../support/api';
import { FILE_TOOLS } from '@/lib/tools/registry';

useTestDataDir();

describe('API routes', () => {
  it.each(FILE_TOOLS.map((t) => t.api))('%s: each step answers its method, JSON 405 otherwise', async (api) => {
    const shapes: [string, string][] = [
      ['POST', `/api/${api}/upload/`],
      ['POST', `/api/${api}/process/`],
      ['GET', `/api/${api}/download/0/`],
      ['DELETE', `/api/${api}/cleanup/1700000000000abc/`],
    ];
    for (const [method, p] of shapes) {
      for (const wrong of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => m !== method)) {
        const res = await call(wrong, p);
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe(method);
        expect(await json(res)).toEqual({ success: false, error: `Method ${wrong} is not allowed here.` });
      }
      // Reached the step (its own 4xx, not the unknown-endpoint 404), with and without the trailing slash.
      for (const url of [p, p.slice(0, -1)]) {
        const body = await json(await call(method, url));
        expect(body.error).not.toBe('Unknown API endpoint.');
      }
    }
  });

  it('answers unknown paths with a JSON 404, for every method', async () => {
    const paths = [
      '/api/',
      '/api/pdf/',
      '/api/pdf/merge/',
      '/api/pdf/nope/upload/',
      '/api/pdf/merge/download/',
      '/api/pdf/merge/upload/x/',
      '/api/qr/generate/upload/',
      '/api/qr/generate/download/',
      '/api/text/count/x/',
      '/api/text/nope/',
    ];
    for (const p of paths) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await call(method, p);
        expect([p, method, res.status]).toEqual([p, method, 404]);
        expect(await json(res)).toEqual({ success: false, error: 'Unknown API endpoint.' });
      }
    }
  });

  it('fixed text and QR endpoints answer POST, and 405 otherwise', async () => {
    for (const p of ['/api/text/count/', '/api/text/translate/', '/api/qr/generate/process/']) {
      const res = await call('GET', p);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const count = await call('POST', '/api/text/count', { body: JSON.stringify({ text: 'héllo' }) });
    expect(await json(count)).toMatchObject({ success: true, chars: 5 });
    expect((await call('POST', '/api/qr/generate/download/0/')).status).toBe(405);
  });

  it('maps schema (zod) failures through the status table: 400 naming the field', async () => {
    const res = await call('POST', '/api/pdf/merge/process/', { body: JSON.stringify({}) });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      success: false,
      error: 'The field "session_id" is missing or has the wrong type.',
    });
    const qr = await call('POST', '/api/qr/generate/process/', { body: JSON.stringify({ content: 5 }) });
    expect(qr.status).toBe(400);
    expect((await json(qr)).error).toBe('The field "content" is missing or has the wrong type.');
  });
});
