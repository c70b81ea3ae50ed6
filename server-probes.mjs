// Framework probes the site never uses, answered before Next sees them. OneDesk has no Server Actions, so a
// request carrying `Next-Action` outside /api is a scanner: Next would log three lines for each one (an
// unlimited log flood), so it gets a bare 404 here, unlogged. `x-middleware-subrequest` is only ever sent by
// Next to itself (CVE-2025-29927): a client's copy is dropped.
export function isFrameworkProbe(method, url, headers) {
  const path = String(url || '/').split('?')[0];
  const api = path === '/api' || path.startsWith('/api/');
  return !api && headers['next-action'] !== undefined;
}

export function stripInternalHeaders(headers) {
  delete headers['x-middleware-subrequest'];
}
