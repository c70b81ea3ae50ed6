// Every tool route, from the registry: static params, metadata (title, description, keywords, canonical,
// Open Graph, Twitter), JSON-LD WebApplication, and the page kind's component inside the tool shell.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LIMITS, TOOLS, toolBySlug, type ToolDef } from '@/lib/tools/registry';
import { siteConfig } from '@/lib/site-config';
import { serverConfig } from '@/lib/config';
import { jsonLdScript, toolJsonLd, toolMetadata } from '@/lib/seo';
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
      return <SingleFileTool tool={tool} maxFiles={serverConfig().maxFiles} />;
    case 'merge':
      return <MergeTool tool={tool} />;
    case 'lock':
      return <LockTool tool={tool} maxFiles={serverConfig().maxFiles} />;
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
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(toolJsonLd(tool, config)) }} />
      <ToolShell tool={tool} config={config}>
        <ToolComponent tool={tool} />
      </ToolShell>
    </>
  );
}
