// One way for server.mjs's per-request hooks to adjust a reply's headers: Node calls writeHead for implicit
// headers too (res.write/res.end without it), so every reply passes here exactly once, before any byte is sent.

/** Runs hook(status) on the reply's headers just before they are written; a hook added later runs first. */
export function beforeHead(res, hook) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    hook(status);
    return writeHead.call(this, status, ...rest);
  };
}
