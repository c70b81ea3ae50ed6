import 'server-only';
import { serverConfig } from '@/lib/config';
import { siteConfig } from '@/lib/site-config';
import { POLICY_EFFECTIVE_DATE, type PolicyFacts } from './policy-facts';

export function policyFacts(): PolicyFacts {
  const site = siteConfig();
  return {
    siteName: site.siteName,
    companyName: site.companyName,
    supportEmail: site.supportEmail,
    sourceUrl: site.sourceUrl,
    sessionMinutes: Math.max(1, Math.round(serverConfig().sessionTtlMs / 60_000)),
    effectiveDate: POLICY_EFFECTIVE_DATE,
  };
}
