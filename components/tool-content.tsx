// Server-rendered text below a tool: how-to steps, FAQ (with the configured limits) and related tools.
// No client JavaScript; the same data feeds the page's HowTo and FAQPage JSON-LD.
import Link from 'next/link';
import { routeOf, toolBySlug, type ToolDef } from '@/lib/tools/registry';
import type { Faq, ToolContent as Content } from '@/lib/tools/content';
import { Icon } from '@/components/icons';

interface Props {
  tool: ToolDef;
  content: Content;
  faq: readonly Faq[];
}

export function ToolContent({ tool, content, faq }: Props) {
  const related = content.related.map((slug) => toolBySlug(slug)).filter((t): t is ToolDef => Boolean(t));
  return (
    <div className="tool-content">
      <section aria-labelledby="how-to-title" className="content-section">
        <h2 id="how-to-title">{`How to use ${tool.title}`}</h2>
        <ol className="how-to-steps">
          {content.steps.map((step, i) => (
            <li key={i} id={`step-${i + 1}`}>
              {step}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="faq-title" className="content-section">
        <h2 id="faq-title">{`Questions about ${tool.title}`}</h2>
        <dl className="faq">
          {faq.map((item) => (
            <div key={item.q} className="faq-item">
              <dt>{item.q}</dt>
              <dd>{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
      {related.length > 0 && (
        <nav aria-labelledby="related-title" className="content-section">
          <h2 id="related-title">Related tools</h2>
          <ul className="related-tools">
            {related.map((t) => (
              <li key={t.slug}>
                <Link href={routeOf(t)} prefetch={false} className="related-tool" data-group={t.group}>
                  <Icon name={t.icon} size={20} />
                  <span>
                    <span className="related-tool-title">{t.title}</span>
                    <span className="related-tool-text">{t.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
