import type { Metadata } from 'next';
import dynamic from 'next/dynamic';
import { siteConfig } from '@/lib/site-config';
import { pageMetadata, pageTitle } from '@/lib/seo';
import { policyFacts } from '@/components/ui/policy-facts.server';

// The body is a separately loaded chunk (SPEC section 2: loaded lazily); the heading is always there.
const PrivacyText = dynamic(() => import('./privacy-text'), {
  loading: () => <p className="prose-loading">Loading the privacy policy…</p>,
});

export function generateMetadata(): Metadata {
  const config = siteConfig();
  return pageMetadata(
    {
      title: pageTitle('Privacy Policy', config),
      description: `How ${config.siteName} handles your files and text: uploads are kept only for the job and then deleted, text is never stored.`,
      path: '/privacy-policy',
    },
    config,
  );
}

export default function PrivacyPolicyPage() {
  return (
    <article className="doc-page">
      <h1>Privacy Policy</h1>
      <PrivacyText facts={policyFacts()} />
    </article>
  );
}
