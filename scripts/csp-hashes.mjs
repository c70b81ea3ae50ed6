// After `next build`: the hashes of every prerendered page's inline scripts, per public path, into
// <distDir>/csp-hashes.json (read by server.mjs; see lib/csp-hashes.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { CSP_HASHES_FILE, inlineScriptHashes, pagePathOfHtml } from '../lib/csp-hashes.mjs';

const dist = process.env.NEXT_DIST_DIR || '.next';
const appDir = path.join(dist, 'server', 'app');
const hashes = {};
for (const rel of fs.readdirSync(appDir, { recursive: true })) {
  if (!String(rel).endsWith('.html')) continue;
  hashes[pagePathOfHtml(String(rel))] = inlineScriptHashes(fs.readFileSync(path.join(appDir, String(rel)), 'utf8'));
}
fs.writeFileSync(path.join(dist, CSP_HASHES_FILE), `${JSON.stringify(hashes, null, 1)}\n`);
const counts = Object.values(hashes).map((h) => h.length);
console.log(`> CSP hashes: ${counts.length} pages, at most ${Math.max(0, ...counts)} inline scripts each`);
