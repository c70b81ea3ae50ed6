// server.mjs's download length: Next drops a route handler's Content-Length (send-response.js forbids it,
// since a fetched body may have been decoded), so a download would go chunked and a browser could show no
// progress or size. lib/api/file-response.ts also names the stored size in an internal header; here it
// becomes Content-Length again, and the internal header never leaves the server.
import { beforeHead } from './server-head-hook.mjs';

export const STORED_LENGTH_HEADER = 'x-onedesk-stored-length';

/** Per-request hook: restores the length as the reply's head is written. */
export function restoreDownloadLength(res) {
  beforeHead(res, (status) => {
    const stored = res.getHeader(STORED_LENGTH_HEADER);
    if (stored === undefined) return;
    res.removeHeader(STORED_LENGTH_HEADER);
    // A compressed or partial body is not the stored bytes: then the length stays Node's business.
    if (status === 200 && !res.getHeader('content-encoding') && /^\d+$/.test(String(stored))) {
      res.setHeader('content-length', String(stored));
    }
  });
}
