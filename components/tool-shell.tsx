// A tool page's frame: header (icon, title, description), the tool itself, its how-to/FAQ text, the ad banner.
import type { ToolDef } from '@/lib/tools/registry';
import type { SiteConfig } from '@/lib/site-config';
import { AdBanner } from '@/components/ad-banner';
import { Icon } from '@/components/icons';

interface Props {
  tool: ToolDef;
  config: SiteConfig;
  /** Server-rendered text below the tool (how-to, FAQ, related tools). */
  content?: React.ReactNode;
  children: React.ReactNode;
}

export function ToolShell({ tool, config, content, children }: Props) {
  return (
    <article className="tool-page" data-tool-kind={tool.kind}>
      <header className="tool-header">
        <span className="tool-header-icon">
          <Icon name={tool.icon} size={28} />
        </span>
        <div>
          <h1 className="tool-title">{tool.title}</h1>
          <p className="tool-description">{tool.description}</p>
        </div>
      </header>
      <section className="tool-body" aria-label={tool.title}>
        {children}
      </section>
      {content}
      <AdBanner adKey={config.adKey} scriptUrl={config.adScriptUrl} />
    </article>
  );
}
