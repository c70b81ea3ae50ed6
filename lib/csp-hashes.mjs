// Hash-based script policy for the prerendered pages. Next puts a nonce only on pages rendered per request,
// which would end static generation; every page here is static, so its inline scripts (the RSC payload and
// the chunk-recovery script) are known after `next build`. scripts/csp-hashes.mjs hashes them per page into
// <distDir>/csp-hashes.json, and server.mjs swaps 'unsafe-inline' for those hashes on each HTML reply.
// 'unsafe-inline' stays in the list for CSP 1 browsers; browsers that know hashes ignore it when one is given.
import crypto from 'node:crypto';

export const CSP_HASHES_FILE = 'csp-hashes.json';
/** The key of the 404 page, served for any unknown path. */
export const NOT_FOUND_KEY = '_not-found';

/** CSP sources for every inline script of an HTML page (JSON-LD and other data blocks never run). */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/\ssrc=/.test(attrs)) continue;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1];
    if (type && !/^(text\/javascript|module|application\/javascript)$/i.test(type)) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The public path of a prerendered page file under server/app ('kind/single/pdf-compress.html' → '/pdf-compress'). */
export function pagePathOfHtml(rel) {
  const name = rel.replace(/\\/g, '/').replace(/\.html$/, '');
  if (name === 'index') return '/';
  if (name === NOT_FOUND_KEY) return NOT_FOUND_KEY;
  const kind = /^kind\/[a-z]+\/([^/]+)$/.exec(name);
  return `/${kind ? kind[1] : name}`;
}

/** The policy with its script-src allowing these hashes. An ad host's script injects code no hash can
 * name, so a policy that lists a host besides 'self' keeps 'unsafe-inline' alone. */
export function withScriptHashes(policy, hashes) {
  if (!hashes?.length) return policy;
  return policy
    .split('; ')
    .map((d) => {
      if (!d.startsWith('script-src ')) return d;
      const sources = d.split(' ').slice(1);
      if (sources.some((s) => /^https?:/.test(s)) || sources.includes("'unsafe-eval'")) return d;
      return ['script-src', ...sources, ...hashes].join(' ');
    })
    .join('; ');
}
