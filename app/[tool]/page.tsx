// Every tool route, from the registry: static params, metadata (title, description, keywords, canonical,
// Open Graph, Twitter), JSON-LD (WebApplication, HowTo, FAQPage, BreadcrumbList), the how-to/FAQ/related text, and the page kind's component inside the tool shell.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LIMITS, TOOLS, toolBySlug, type ToolDef } from '@/lib/tools/registry';
import { siteConfig } from '@/lib/site-config';
import { breadcrumbJsonLd, faqJsonLd, howToJsonLd, jsonLdScript, toolJsonLd, toolMetadata } from '@/lib/seo';
import { toolContent } from '@/lib/tools/content';
import { toolFaq } from '@/lib/tools/page-faq';
import { publicLimits } from '@/lib/public-limits';
import { ToolContent } from '@/components/tool-content';
import { LimitsProvider } from '@/components/file-tool/limits-context';
import { ToolShell } from '@/components/tool-shell';
import { SingleFileTool } from '@/components/file-tool/single-file-tool';
import { MergeTool } from '@/components/file-tool/merge-tool';
import { LockTool } from '@/components/lock-tool/lock-tool';
import { TranslateTool } from '@/components/translate-tool/translate-tool';
import { CountTool } from '@/components/count-tool/count-tool';
import { QrTool } from '@/components/qr-tool/qr-tool';

type Params = { params: Promise<{ tool: string }> };

export const dynamicParams = false;

export function generateStaticParams(): Array<{ tool: string }> {
  return TOOLS.map((t) => ({ tool: t.slug }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const tool = toolBySlug((await params).tool);
  return tool ? toolMetadata(tool, siteConfig()) : {};
}

function ToolComponent({ tool }: { tool: ToolDef }) {
  switch (tool.kind) {
    case 'single':
      return <SingleFileTool tool={tool} />;
    case 'merge':
      return <MergeTool tool={tool} />;
    case 'lock':
      return <LockTool tool={tool} />;
    case 'translate':
      return <TranslateTool tool={tool} />;
    case 'count':
      return <CountTool limit={LIMITS.countChars} />;
    case 'qr':
      return <QrTool limit={LIMITS.qrChars} fallbackError={tool.errors.fallback} />;
  }
}

export default async function ToolPage({ params }: Params) {
  const tool = toolBySlug((await params).tool);
  if (!tool) notFound();
  const config = siteConfig();
  const limits = publicLimits();
  const content = await toolContent(tool.slug);
  const faq = await toolFaq(tool, limits);
  const jsonLd = [
    toolJsonLd(tool, config),
    howToJsonLd(tool, content.steps, config),
    faqJsonLd(faq),
    breadcrumbJsonLd(tool, config),
  ];
  return (
    <>
      {jsonLd.map((data) => (
        <script
          key={String(data['@type'])}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }}
        />
      ))}
      <ToolShell tool={tool} config={config} content={<ToolContent tool={tool} content={content} faq={faq} />}>
        <LimitsProvider limits={limits}>
          <ToolComponent tool={tool} />
        </LimitsProvider>
      </ToolShell>
    </>
  );
}
