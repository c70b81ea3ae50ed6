// Page metadata and structured data, all derived from the tool registry and the site configuration.
import type { Metadata } from 'next';
import { routeOf, type ToolDef } from '@/lib/tools/registry';
import { absoluteUrl, type SiteConfig } from '@/lib/site-config';

export const OG_IMAGE = { path: '/og.png', width: 1200, height: 630 } as const;

export const HOME_DESCRIPTION =
  'Merge, compress, lock and convert PDF, Word, PowerPoint and image files, translate and count text, and make QR codes. All in one place, securely and free of charge.';

export const HOME_KEYWORDS = ['pdf tools', 'merge pdf', 'compress image', 'qr code generator', 'character counter', 'free online tools'];

/** '<page title> | <site name>' (SPEC section 2). */
export const pageTitle = (title: string, config: Pick<SiteConfig, 'siteName'>) => `${title} | ${config.siteName}`;

interface PageSeo {
  title: string;
  description: string;
  path: string;
  keywords?: string[];
}

/** Title, description, keywords, canonical, Open Graph and Twitter tags of one page. */
export function pageMetadata(page: PageSeo, config: SiteConfig): Metadata {
  const url = absoluteUrl(config, page.path);
  const image = { url: absoluteUrl(config, OG_IMAGE.path), width: OG_IMAGE.width, height: OG_IMAGE.height, alt: config.siteName };
  return {
    title: { absolute: page.title },
    description: page.description,
    keywords: page.keywords,
    alternates: { canonical: url },
    openGraph: {
      type: 'website',
      url,
      siteName: config.siteName,
      title: page.title,
      description: page.description,
      locale: 'en_US',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: page.title, description: page.description, images: [image.url] },
  };
}

export function toolMetadata(tool: ToolDef, config: SiteConfig): Metadata {
  return pageMetadata(
    { title: pageTitle(tool.title, config), description: tool.description, path: routeOf(tool), keywords: tool.keywords },
    config,
  );
}

export function homeMetadata(config: SiteConfig): Metadata {
  return pageMetadata(
    { title: pageTitle('Work efficiently', config), description: HOME_DESCRIPTION, path: '/', keywords: HOME_KEYWORDS },
    config,
  );
}

/** schema.org WebApplication of a tool page. */
export function toolJsonLd(tool: ToolDef, config: SiteConfig): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: tool.title,
    url: absoluteUrl(config, routeOf(tool)),
    description: tool.description,
    keywords: tool.keywords.join(', '),
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Any',
    browserRequirements: 'Requires JavaScript',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    publisher: { '@type': 'Organization', name: config.companyName, url: absoluteUrl(config, '/') },
  };
}

/** JSON for a <script type="application/ld+json">: '<' is escaped so the text can never close the script. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Every route of the site, for sitemap.xml. */
export function sitePaths(tools: readonly ToolDef[]): string[] {
  return ['/', ...tools.map(routeOf), '/privacy-policy', '/terms-of-service'];
}
