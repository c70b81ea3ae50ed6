// Home: the landing page (SPEC section 1): headline, subtitle, every tool, copyright footer; WebSite and
// Organization JSON-LD. The <title> carries the keywords (lib/seo.ts HOME_TITLE), the h1 stays the spec's.
import type { Metadata } from 'next';
import Link from 'next/link';
import { GROUPS, TOOLS, routeOf } from '@/lib/tools/registry';
import { siteConfig } from '@/lib/site-config';
import { homeJsonLd, homeMetadata, jsonLdScript } from '@/lib/seo';
import { Icon } from '@/components/icons';

export function generateMetadata(): Metadata {
  return homeMetadata(siteConfig());
}

const groupName = Object.fromEntries(GROUPS.map((g) => [g.id, g.name]));

export default function Home() {
  const config = siteConfig();
  return (
    <div className="home">
      {homeJsonLd(config).map((data) => (
        <script
          key={String(data['@type'])}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }}
        />
      ))}
      <section className="hero">
        <h1 className="hero-title">Work efficiently</h1>
        <p className="hero-subtitle">
          Do all your work in one place, securely and free of charge. {config.siteName} keeps improving based on your
          requests.
        </p>
      </section>

      <section aria-label="All tools">
        <ul className="tool-grid">
          {TOOLS.map((tool) => (
            <li key={tool.slug}>
              <Link href={routeOf(tool)} prefetch={false} className="tool-card" data-group={tool.group}>
                <span className="tool-card-icon">
                  <Icon name={tool.icon} size={26} />
                </span>
                <span className="tool-card-group">{groupName[tool.group]}</span>
                <span className="tool-card-title">
                  {tool.title}
                  {tool.isNew && <span className="badge-new">New</span>}
                </span>
                <span className="tool-card-text">{tool.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <footer className="home-footer">© 2025 {config.companyName}</footer>
    </div>
  );
}
