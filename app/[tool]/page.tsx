// Every tool route, from the registry: static params, metadata (title, description, keywords, canonical,
// Open Graph, Twitter), JSON-LD (WebApplication, HowTo, FAQPage, BreadcrumbList), the how-to/FAQ/related text, and the page kind's component inside the tool shell.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TOOLS, toolBySlug } from '@/lib/tools/registry';
import { siteConfig } from '@/lib/site-config';
import { breadcrumbJsonLd, faqJsonLd, howToJsonLd, jsonLdScript, toolJsonLd, toolMetadata } from '@/lib/seo';
import { toolContent } from '@/lib/tools/content';
import { toolFaq } from '@/lib/tools/page-faq';
import { publicLimits } from '@/lib/public-limits';
import { ToolContent } from '@/components/tool-content';
import { LimitsProvider } from '@/components/file-tool/limits-context';
import { ToolShell } from '@/components/tool-shell';
import { ToolSwitch } from '@/components/tool-switch';

type Params = { params: Promise<{ tool: string }> };

export const dynamicParams = false;

export function generateStaticParams(): Array<{ tool: string }> {
  return TOOLS.map((t) => ({ tool: t.slug }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const tool = toolBySlug((await params).tool);
  return tool ? toolMetadata(tool, siteConfig()) : {};
}

export default async function ToolPage({ params }: Params) {
  const tool = toolBySlug((await params).tool);
  if (!tool) notFound();
  const config = siteConfig();
  const limits = publicLimits();
  const content = toolContent(tool.slug);
  const faq = toolFaq(tool, limits);
  const jsonLd = [toolJsonLd(tool, config), howToJsonLd(tool, content.steps, config), faqJsonLd(faq), breadcrumbJsonLd(tool, config)];
  return (
    <>
      {jsonLd.map((data) => (
        <script key={String(data['@type'])} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />
      ))}
      <ToolShell tool={tool} config={config} content={<ToolContent tool={tool} content={content} faq={faq} />}>
        <LimitsProvider limits={limits}>
          <ToolSwitch tool={tool} />
        </LimitsProvider>
      </ToolShell>
    </>
  );
}
