import type { Metadata } from 'next';
import Link from 'next/link';
import { TOOLS, routeOf } from '@/lib/tools/registry';
import { siteConfig } from '@/lib/site-config';
import { pageTitle } from '@/lib/seo';

export function generateMetadata(): Metadata {
  return { title: { absolute: pageTitle('Page not found', siteConfig()) }, robots: { index: false } };
}

const POPULAR = ['pdf-merge', 'pdf-compress', 'image-compress', 'qr-generate'];

export default function NotFound() {
  return (
    <div className="not-found">
      <p className="not-found-code">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="error-actions">
        <Link href="/" className="btn btn-primary">
          Go to the home page
        </Link>
      </div>
      <ul className="not-found-links" aria-label="Popular tools">
        {TOOLS.filter((t) => POPULAR.includes(t.slug)).map((t) => (
          <li key={t.slug}>
            <Link href={routeOf(t)}>{t.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
