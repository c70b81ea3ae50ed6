// Production server: Next.js behind a thin Node HTTP server whose only job is to tell the app who the client
// really is. Next keeps a client-sent X-Forwarded-For as is, which would let anyone dodge the rate limits;
// here it is rebuilt from the socket, trusting only TRUST_PROXY_HOPS proxies in front of us.
import { createServer } from 'node:http';
import next from 'next';
import { trustedForwardedFor } from './server-forwarding.mjs';
import { isFrameworkProbe, stripInternalHeaders } from './server-probes.mjs';
import { scriptHashPolicy } from './server-csp.mjs';
import { restoreDownloadLength } from './server-length.mjs';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '0.0.0.0';
const hops = Math.max(0, Number(process.env.TRUST_PROXY_HOPS || 0));

const app = next({ dev, hostname, port });
// Per-page script hashes from the build (scripts/csp-hashes.mjs), so HTML replies need no 'unsafe-inline'.
const strictCsp = dev ? null : scriptHashPolicy(process.env.NEXT_DIST_DIR || '.next');
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  if (isFrameworkProbe(req.method, req.url, req.headers)) {
    res.writeHead(404, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    });
    res.end('Not found');
    return;
  }
  stripInternalHeaders(req.headers);
  req.headers['x-forwarded-for'] = trustedForwardedFor(req.headers['x-forwarded-for'], req.socket.remoteAddress, hops);
  delete req.headers['x-real-ip'];
  strictCsp?.(req, res);
  restoreDownloadLength(res);
  handle(req, res);
});
// Slow or stalled clients must not hold sockets forever; uploads of 100 MB still have minutes.
server.requestTimeout = 10 * 60_000;
server.headersTimeout = 30_000;
server.listen(port, hostname, () => console.log(`> OneDesk ready on http://${hostname}:${port}${dev ? ' (dev)' : ''}`));

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
