import { TOOLS } from './registry';
import { kindParams, kindRedirects, kindRewrites, kindRouteOf, publicPath } from './kind-routes';

describe('kind routes', () => {
  it('rewrites every tool to its kind route and maps the internal path back', () => {
    const rewrites = kindRewrites();
    expect(rewrites).toHaveLength(TOOLS.length);
    for (const tool of TOOLS) {
      const internal = kindRouteOf(tool);
      expect(rewrites).toContainEqual({ source: `/${tool.slug}`, destination: internal });
      expect(publicPath(internal)).toBe(`/${tool.slug}`);
    }
  });

  it('gives each tool to exactly one kind route', () => {
    const kinds = ['single', 'merge', 'lock', 'translate', 'count', 'qr'] as const;
    const slugs = kinds.flatMap((k) => kindParams(k).map((p) => p.tool));
    expect(slugs.sort()).toEqual(TOOLS.map((t) => t.slug).sort());
  });

  it('leaves other paths alone and redirects the internal paths', () => {
    for (const p of ['/', '/privacy-policy', '/kind', '/kind/single', '/pdf-merge']) expect(publicPath(p)).toBe(p);
    expect(kindRedirects()).toEqual([{ source: '/kind/:kind/:slug', destination: '/:slug', permanent: true }]);
  });
});
