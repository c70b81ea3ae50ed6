import type { MetadataRoute } from 'next';
import { absoluteUrl, siteConfig } from '@/lib/site-config';

export default function robots(): MetadataRoute.Robots {
  const config = siteConfig();
  return {
    rules: { userAgent: '*', allow: '/', disallow: '/api/' },
    sitemap: absoluteUrl(config, '/sitemap.xml'),
  };
}
