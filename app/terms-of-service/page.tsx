import type { Metadata } from 'next';
import dynamic from 'next/dynamic';
import { siteConfig } from '@/lib/site-config';
import { pageMetadata, pageTitle } from '@/lib/seo';
import { policyFacts } from '@/components/ui/policy-facts.server';

// The body is a separately loaded chunk (SPEC section 2: loaded lazily); the heading is always there.
const TermsText = dynamic(() => import('./terms-text'), {
  loading: () => <p className="prose-loading">Loading the terms of service…</p>,
});

export function generateMetadata(): Metadata {
  const config = siteConfig();
  return pageMetadata(
    {
      title: pageTitle('Terms of Service', config),
      description: `The terms for using ${config.siteName}'s free online tools: the service, your files and text, acceptable use and liability.`,
      path: '/terms-of-service',
    },
    config,
  );
}

export default function TermsOfServicePage() {
  return (
    <article className="doc-page">
      <h1>Terms of Service</h1>
      <TermsText facts={policyFacts()} />
    </article>
  );
}
