import { toolBySlug } from '@/lib/tools/registry';
import { readSiteConfig } from '@/lib/site-config';
import {
  breadcrumbJsonLd,
  faqJsonLd,
  homeJsonLd,
  homeMetadata,
  howToJsonLd,
  HOME_TITLE,
  toolMetadata,
  toolOgImagePath,
} from './seo';

const config = readSiteConfig({
  SITE_URL: 'https://desk.example.com/',
  SITE_NAME: 'Desk',
  COMPANY_NAME: 'Desk Inc',
  SUPPORT_EMAIL: 'help@desk.example.com',
});
const merge = toolBySlug('pdf-merge')!;

describe('structured data of tool pages and home', () => {
  it('FAQPage: one Question with an Answer per entry', () => {
    expect(faqJsonLd([{ q: 'Q1?', a: 'A1.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } }],
    });
  });

  it('HowTo: numbered steps with anchors on the page', () => {
    const ld = howToJsonLd(merge, ['One.', 'Two.', 'Three.'], config) as {
      name: string;
      step: Array<Record<string, unknown>>;
    };
    expect(ld.name).toBe('How to use Merge PDF');
    expect(ld.step).toHaveLength(3);
    expect(ld.step[2]).toEqual({
      '@type': 'HowToStep',
      position: 3,
      name: 'Step 3',
      text: 'Three.',
      url: 'https://desk.example.com/pdf-merge#step-3',
    });
  });

  it('BreadcrumbList: home, then the tool', () => {
    expect(breadcrumbJsonLd(merge, config)).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Desk', item: 'https://desk.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Merge PDF', item: 'https://desk.example.com/pdf-merge' },
      ],
    });
  });

  it('home: keyword title, WebSite and Organization', () => {
    expect(homeMetadata(config).title).toEqual({ absolute: `${HOME_TITLE} | Desk` });
    const [site, org] = homeJsonLd(config);
    expect(site).toMatchObject({ '@type': 'WebSite', name: 'Desk', url: 'https://desk.example.com/' });
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Desk Inc', email: 'help@desk.example.com' });
  });

  it('each tool has its own Open Graph and Twitter image', () => {
    const m = toolMetadata(merge, config);
    const url = `https://desk.example.com${toolOgImagePath(merge)}`;
    expect(url).toBe('https://desk.example.com/og/pdf-merge.png');
    expect(m.openGraph?.images).toEqual([expect.objectContaining({ url, width: 1200, height: 630 })]);
    expect(m.twitter?.images).toEqual([url]);
  });
});
