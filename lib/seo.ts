// Page metadata and structured data, all derived from the tool registry and the site configuration.
import type { Metadata } from 'next';
import { routeOf, type ToolDef } from '@/lib/tools/registry';
import type { Faq } from '@/lib/tools/content';
import { absoluteUrl, type SiteConfig } from '@/lib/site-config';

export const OG_IMAGE = { path: '/og.png', width: 1200, height: 630 } as const;

export const HOME_DESCRIPTION =
  'Merge, compress, lock and convert PDF, Word, PowerPoint and image files, translate and count text, and make QR codes. All in one place, securely and free of charge.';

/** The home page's <title> text before ' | <site name>': the keywords people search for (the h1 stays the spec's). */
export const HOME_TITLE = 'Free Online PDF, Word, Image and QR Tools';

export const HOME_KEYWORDS = [
  'pdf tools',
  'merge pdf',
  'compress image',
  'qr code generator',
  'character counter',
  'free online tools',
];

/** '<page title> | <site name>' (SPEC section 2). */
export const pageTitle = (title: string, config: Pick<SiteConfig, 'siteName'>) => `${title} | ${config.siteName}`;

interface PageSeo {
  title: string;
  description: string;
  path: string;
  keywords?: string[];
  /** The page's own Open Graph image (path and alt text); the site's /og.png otherwise. */
  image?: { path: string; alt: string };
}

/** The Open Graph image drawn for a tool at build time (app/og/[image]/route.tsx). */
export const toolOgImagePath = (tool: Pick<ToolDef, 'slug'>) => `/og/${tool.slug}.png`;

/** Title, description, keywords, canonical, Open Graph and Twitter tags of one page. */
export function pageMetadata(page: PageSeo, config: SiteConfig): Metadata {
  const url = absoluteUrl(config, page.path);
  const image = {
    url: absoluteUrl(config, page.image?.path ?? OG_IMAGE.path),
    width: OG_IMAGE.width,
    height: OG_IMAGE.height,
    alt: page.image?.alt ?? config.siteName,
  };
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
    {
      title: pageTitle(tool.title, config),
      description: tool.description,
      path: routeOf(tool),
      keywords: tool.keywords,
      image: { path: toolOgImagePath(tool), alt: `${tool.title}: ${tool.description}` },
    },
    config,
  );
}

export function homeMetadata(config: SiteConfig): Metadata {
  return pageMetadata(
    { title: pageTitle(HOME_TITLE, config), description: HOME_DESCRIPTION, path: '/', keywords: HOME_KEYWORDS },
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

const CONTEXT = 'https://schema.org';

/** FAQPage of the questions shown on a tool page. */
export function faqJsonLd(faq: readonly Faq[]): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: faq.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.a } })),
  };
}

/** HowTo of the three steps shown on a tool page. */
export function howToJsonLd(tool: ToolDef, steps: readonly string[], config: SiteConfig): Record<string, unknown> {
  const url = absoluteUrl(config, routeOf(tool));
  return {
    '@context': CONTEXT,
    '@type': 'HowTo',
    name: `How to use ${tool.title}`,
    description: tool.description,
    totalTime: 'PT1M',
    tool: { '@type': 'HowToTool', name: `${config.siteName} ${tool.title}` },
    step: steps.map((text, i) => ({
      '@type': 'HowToStep',
      position: i + 1,
      name: `Step ${i + 1}`,
      text,
      url: `${url}#step-${i + 1}`,
    })),
  };
}

/** Home > tool (the groups have no page of their own). */
export function breadcrumbJsonLd(tool: ToolDef, config: SiteConfig): Record<string, unknown> {
  const items = [
    { name: config.siteName, url: absoluteUrl(config, '/') },
    { name: tool.title, url: absoluteUrl(config, routeOf(tool)) },
  ];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** WebSite and Organization of the home page. */
export function homeJsonLd(config: SiteConfig): Record<string, unknown>[] {
  const home = absoluteUrl(config, '/');
  return [
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      name: config.siteName,
      url: home,
      description: HOME_DESCRIPTION,
      inLanguage: 'en',
      publisher: { '@type': 'Organization', name: config.companyName, url: home },
    },
    {
      '@context': CONTEXT,
      '@type': 'Organization',
      name: config.companyName,
      url: home,
      logo: absoluteUrl(config, '/apple-touch-icon.png'),
      email: config.supportEmail,
      sameAs: [config.sourceUrl],
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: config.supportEmail },
    },
  ];
}

/** JSON for a <script type="application/ld+json">: '<' is escaped so the text can never close the script. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Every route of the site, for sitemap.xml. */
export function sitePaths(tools: readonly ToolDef[]): string[] {
  return ['/', ...tools.map(routeOf), '/privacy-policy', '/terms-of-service'];
}
