import { TOOLS, toolBySlug } from '@/lib/tools/registry';
import { readSiteConfig } from '@/lib/site-config';
import { homeMetadata, jsonLdScript, pageTitle, sitePaths, toolJsonLd, toolMetadata } from './seo';

const config = readSiteConfig({ SITE_URL: 'https://desk.example.com/', SITE_NAME: 'Desk', COMPANY_NAME: 'Desk Inc' });

describe('toolMetadata', () => {
  it.each(TOOLS.map((t) => [t.slug, t] as const))(
    '%s: title, description, keywords, canonical, OG, Twitter',
    (slug, tool) => {
      const m = toolMetadata(tool, config);
      const title = `${tool.title} | Desk`;
      const url = `https://desk.example.com/${slug}`;
      expect(m.title).toEqual({ absolute: title });
      expect(m.description).toBe(tool.description);
      expect(m.keywords).toEqual(tool.keywords);
      expect(m.alternates?.canonical).toBe(url);
      expect(m.openGraph).toMatchObject({
        url,
        title,
        description: tool.description,
        siteName: 'Desk',
        type: 'website',
      });
      expect(m.twitter).toMatchObject({ card: 'summary_large_image', title, description: tool.description });
    },
  );

  it('titles the count page as the registry says', () => {
    expect(pageTitle(toolBySlug('text-count')!.title, config)).toBe('Character Counter | Desk');
  });
});

describe('homeMetadata', () => {
  it('has an absolute canonical of the site root', () => {
    expect(homeMetadata(config).alternates?.canonical).toBe('https://desk.example.com/');
  });
});

describe('toolJsonLd', () => {
  it('describes a free WebApplication at the canonical URL', () => {
    const ld = toolJsonLd(toolBySlug('qr-generate')!, config);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebApplication',
      name: 'QR Code Generator',
      url: 'https://desk.example.com/qr-generate',
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', price: '0' },
      publisher: { '@type': 'Organization', name: 'Desk Inc' },
    });
  });

  it('cannot close its script element', () => {
    const text = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('sitePaths', () => {
  it('lists home, every tool route (PDF to Word included) and the two policy pages', () => {
    const paths = sitePaths(TOOLS);
    expect(paths).toContain('/pdf-to-word');
    expect(paths).toHaveLength(TOOLS.length + 3);
    expect(paths.slice(-2)).toEqual(['/privacy-policy', '/terms-of-service']);
  });
});
