// Finds the app/api route.ts that answers a path, as Next's App Router does: the files on disk are the routing
// table (static segments before [param] before [...catchAll] before [[...optional]]); a trailing slash is optional. Lets the API
// tests call the real route handlers in-process, through the same files a build serves.
import fs from 'node:fs';
import path from 'node:path';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

interface RouteFile {
  segments: string[];
  file: string;
}

const API_DIR = path.join(__dirname, '..', '..', 'app', 'api');

function routeFiles(dir = API_DIR, segments: string[] = []): RouteFile[] {
  const out: RouteFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...routeFiles(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === 'route.ts') out.push({ segments, file: path.join(dir, entry.name) });
  }
  return out;
}

const rank = (segment: string) =>
  segment.startsWith('[[...') ? 3 : segment.startsWith('[...') ? 2 : segment.startsWith('[') ? 1 : 0;

function match(route: RouteFile, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i];
    if (seg.startsWith('[[...')) {
      params[seg.slice(5, -2)] = parts.slice(i);
      return params;
    }
    if (seg.startsWith('[...')) {
      if (i >= parts.length) return null;
      params[seg.slice(4, -1)] = parts.slice(i);
      return params;
    }
    if (i >= parts.length) return null;
    if (seg.startsWith('[')) params[seg.slice(1, -1)] = decodeURIComponent(parts[i]);
    else if (seg !== parts[i]) return null;
  }
  return route.segments.length === parts.length ? params : null;
}

/** Most specific first, segment by segment, like Next's sorted routes. */
function compare(a: RouteFile, b: RouteFile): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const ra = a.segments[i] === undefined ? -1 : rank(a.segments[i]);
    const rb = b.segments[i] === undefined ? -1 : rank(b.segments[i]);
    if (ra !== rb) return ra - rb;
  }
  return 0;
}

let routes: RouteFile[] | null = null;

/** The handler for `method` on `/api/...` (trailing slash optional), with its params; null: Next's own 404/405. */
export function resolveApiRoute(
  method: string,
  urlPath: string,
): { handler: Handler; params: Record<string, string | string[]> } | null {
  routes ??= routeFiles().sort(compare);
  const parts = urlPath
    .replace(/^\/api\/?/, '')
    .split('?')[0]
    .split('/')
    .filter((p) => p !== '');
  for (const route of routes) {
    const params = match(route, parts);
    if (!params) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(route.file) as RouteModule;
    const handler = mod[method];
    return handler ? { handler, params } : null;
  }
  return null;
}
