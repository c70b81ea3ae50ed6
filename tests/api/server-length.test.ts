// server.mjs puts a download's Content-Length back (Next drops it from route handlers): the hook on a real
// Node server, as the production server uses it. The production-build path is in e2e/distributed.spec.ts.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restoreDownloadLength, STORED_LENGTH_HEADER } from '../../server-length.mjs';

let reply: (res: ServerResponse) => void = () => {};
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    restoreDownloadLength(res);
    reply(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Raw headers as sent (fetch would hide transfer-encoding details behind its own body handling). */
async function headersOf(): Promise<Record<string, string>> {
  const res = await fetch(base);
  await res.arrayBuffer();
  return Object.fromEntries(res.headers);
}

describe('download length', () => {
  it('sends the stored size as Content-Length and drops the internal header', async () => {
    reply = (res) => {
      res.setHeader(STORED_LENGTH_HEADER, '5');
      res.write('he'); // streamed in parts, as a download is
      res.end('llo');
    };
    const h = await headersOf();
    expect(h['content-length']).toBe('5');
    expect(h['transfer-encoding']).toBeUndefined();
    expect(h[STORED_LENGTH_HEADER]).toBeUndefined();
  });

  it('leaves a compressed body to Node (chunked), still without the internal header', async () => {
    reply = (res) => {
      res.setHeader(STORED_LENGTH_HEADER, '5');
      res.setHeader('content-encoding', 'identity-test');
      res.write('he');
      res.end('llo');
    };
    const h = await headersOf();
    expect(h['content-length']).toBeUndefined();
    expect(h['transfer-encoding']).toBe('chunked');
    expect(h[STORED_LENGTH_HEADER]).toBeUndefined();
  });

  it('does nothing to other replies', async () => {
    reply = (res) => {
      res.write('a');
      res.end('b');
    };
    const h = await headersOf();
    expect(h['content-length']).toBeUndefined();
    expect(h['transfer-encoding']).toBe('chunked');
  });
});
