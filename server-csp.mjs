// server.mjs's hash-based script policy: each HTML reply's Content-Security-Policy (set by next.config.ts's
// headers) gets the hashes of that page's inline scripts (lib/csp-hashes.mjs). Without the build's hash file,
// or for a path it does not know, the policy stays as Next set it.
import fs from 'node:fs';
import path from 'node:path';
import { CSP_HASHES_FILE, NOT_FOUND_KEY, withScriptHashes } from './lib/csp-hashes.mjs';
import { beforeHead } from './server-head-hook.mjs';

/** A per-request hook, or null when the build has no hash file. */
export function scriptHashPolicy(distDir) {
  let byPath;
  try {
    byPath = JSON.parse(fs.readFileSync(path.join(distDir, CSP_HASHES_FILE), 'utf8'));
  } catch {
    console.warn(`> No ${CSP_HASHES_FILE} in ${distDir}: pages keep script-src 'unsafe-inline'`);
    return null;
  }
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    beforeHead(res, (status) => {
      const type = String(res.getHeader('content-type') ?? '');
      const policy = res.getHeader('content-security-policy');
      if (type.startsWith('text/html') && typeof policy === 'string') {
        const hashes = byPath[status === 404 ? NOT_FOUND_KEY : pathname];
        res.setHeader('content-security-policy', withScriptHashes(policy, hashes));
      }
    });
  };
}
