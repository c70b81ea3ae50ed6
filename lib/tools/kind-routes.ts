// Every tool page is served from a route of its page kind (app/kind/<kind>/[tool]/page.tsx), so the browser
// loads only that kind's code: Turbopack bundles every client component a route imports into the route's
// first load, rendered or not. next.config.ts rewrites the public path /<slug> to the kind's route; the
// internal path is redirected back, so each page has one address.
import { TOOLS, type PageKind, type ToolDef } from './registry';

export const KIND_ROUTE_PREFIX = '/kind';

export const kindRouteOf = (tool: Pick<ToolDef, 'slug' | 'kind'>) => `${KIND_ROUTE_PREFIX}/${tool.kind}/${tool.slug}`;

/** The static params of one kind's route. */
export function kindParams(kind: PageKind): Array<{ tool: string }> {
  return TOOLS.filter((t) => t.kind === kind).map((t) => ({ tool: t.slug }));
}

/** The public path of a page: a kind route's internal path (seen while pages are prerendered) as /<slug>. */
export function publicPath(pathname: string): string {
  const m = /^\/kind\/[a-z]+\/([^/]+)$/.exec(pathname);
  return m ? `/${m[1]}` : pathname;
}

/** next.config.ts rewrites (public → kind route) and redirects (kind route → public). */
export function kindRewrites(): Array<{ source: string; destination: string }> {
  return TOOLS.map((t) => ({ source: `/${t.slug}`, destination: kindRouteOf(t) }));
}

export function kindRedirects(): Array<{ source: string; destination: string; permanent: true }> {
  return [{ source: `${KIND_ROUTE_PREFIX}/:kind/:slug`, destination: '/:slug', permanent: true }];
}
