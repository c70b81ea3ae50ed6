// server.mjs's hooks (download length, script hashes) share one writeHead wrapper: each runs once per reply,
// the one added last first, for an explicit writeHead and for the implicit head of res.write/res.end alike.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeHead } from '../../server-head-hook.mjs';

let reply: (res: ServerResponse) => void = () => {};
let calls: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    beforeHead(res, (status: number) => {
      calls.push(`first ${status}`);
      res.setHeader('x-first', String(status));
    });
    beforeHead(res, (status: number) => {
      calls.push(`second ${status}`);
      res.setHeader('x-second', String(status));
    });
    reply(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  calls = [];
});

/** The headers the two hooks set, as the client received them. */
async function hookHeaders(): Promise<[string | null, string | null]> {
  const res = await fetch(base);
  await res.arrayBuffer();
  return [res.headers.get('x-first'), res.headers.get('x-second')];
}

describe('beforeHead', () => {
  it('runs every hook once, the last added first, before an explicit writeHead sends the head', async () => {
    reply = (res) => {
      res.writeHead(201);
      res.end('x');
    };
    expect(await hookHeaders()).toEqual(['201', '201']);
    expect(calls).toEqual(['second 201', 'first 201']);
  });

  it('runs for the implicit head of a streamed reply too', async () => {
    reply = (res) => {
      res.statusCode = 404;
      res.write('a');
      res.end('b');
    };
    expect(await hookHeaders()).toEqual(['404', '404']);
    expect(calls).toEqual(['second 404', 'first 404']);
  });
});
