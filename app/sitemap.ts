import type { MetadataRoute } from 'next';
import { TOOLS } from '@/lib/tools/registry';
import { absoluteUrl, siteConfig } from '@/lib/site-config';
import { sitePaths } from '@/lib/seo';

export default function sitemap(): MetadataRoute.Sitemap {
  const config = siteConfig();
  return sitePaths(TOOLS).map((path) => ({
    url: absoluteUrl(config, path),
    changeFrequency: 'monthly',
    priority: path === '/' ? 1 : path.startsWith('/privacy') || path.startsWith('/terms') ? 0.3 : 0.8,
  }));
}
