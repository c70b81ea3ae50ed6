// What every tool page shares, whatever its kind: static params, metadata (title, description, keywords,
// canonical, Open Graph, Twitter), JSON-LD (WebApplication, HowTo, FAQPage, BreadcrumbList), the how-to/FAQ/
// related text, and the kind's component inside the tool shell. Each kind has its own route
// (./<kind>/[tool]/page.tsx) importing only its own component, so a page's first load carries no other
// kind's code; the public address /<slug> is a rewrite (lib/tools/kind-routes.ts).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { toolBySlug, type FileToolDef, type PageKind, type TextToolDef, type ToolDef } from '@/lib/tools/registry';
import { kindParams } from '@/lib/tools/kind-routes';
import { siteConfig } from '@/lib/site-config';
import { breadcrumbJsonLd, faqJsonLd, howToJsonLd, jsonLdScript, toolJsonLd, toolMetadata } from '@/lib/seo';
import { toolContent } from '@/lib/tools/content';
import { toolFaq } from '@/lib/tools/page-faq';
import { publicLimits } from '@/lib/public-limits';
import { ToolContent } from '@/components/tool-content';
import { LimitsProvider } from '@/components/file-tool/limits-context';
import { ToolShell } from '@/components/tool-shell';

type Params = { params: Promise<{ tool: string }> };
type KindTool<K extends PageKind> = (K extends FileToolDef['kind'] ? FileToolDef : TextToolDef) & { kind: K };

/** Route exports for one page kind; `render` draws the kind's own component. */
export function kindPage<K extends PageKind>(kind: K, render: (tool: KindTool<K>) => React.ReactNode) {
  const find = async (params: Params['params']) => {
    const tool = toolBySlug((await params).tool);
    return tool && tool.kind === kind ? (tool as KindTool<K>) : undefined;
  };
  return {
    generateStaticParams: () => kindParams(kind),
    async generateMetadata({ params }: Params): Promise<Metadata> {
      const tool = await find(params);
      return tool ? toolMetadata(tool, siteConfig()) : {};
    },
    async Page({ params }: Params) {
      const tool = await find(params);
      if (!tool) notFound();
      return <ToolPage tool={tool}>{render(tool)}</ToolPage>;
    },
  };
}

async function ToolPage({ tool, children }: { tool: ToolDef; children: React.ReactNode }) {
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
        <LimitsProvider limits={limits}>{children}</LimitsProvider>
      </ToolShell>
    </>
  );
}
