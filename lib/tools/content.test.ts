import { TOOLS } from './registry';
import { TOOL_CONTENT, toolContent } from './content';
import { toolFaq } from './page-faq';

const limits = { maxFileBytes: 100 * 1024 * 1024, maxFiles: 20, maxJobBytes: 200 * 1024 * 1024, sessionMinutes: 60 };

describe('tool page content', () => {
  it('exists for exactly the registry tools (a new tool cannot ship without it)', () => {
    expect(Object.keys(TOOL_CONTENT).sort()).toEqual(TOOLS.map((t) => t.slug).sort());
    expect(() => toolContent('no-such-tool')).toThrow(/lib\/tools\/content\.ts/);
  });

  it.each(TOOLS.map((t) => [t.slug, t] as const))(
    '%s: three steps, own FAQ, related tools that exist',
    (_slug, tool) => {
      const c = toolContent(tool.slug);
      expect(c.steps).toHaveLength(3);
      for (const step of c.steps) expect(step.length).toBeGreaterThan(15);
      expect(c.faq.length).toBeGreaterThanOrEqual(3);
      expect(c.related.length).toBeGreaterThanOrEqual(2);
      expect(c.related).not.toContain(tool.slug);
      for (const slug of c.related) expect(TOOLS.map((t) => t.slug)).toContain(slug);
      const questions = toolFaq(tool, limits).map((f) => f.q);
      expect(new Set(questions).size).toBe(questions.length);
    },
  );

  it('states the configured limits and retention on file tools', () => {
    const merge = toolFaq(
      TOOLS.find((t) => t.slug === 'pdf-merge')!,
      { ...limits, maxFiles: 7, sessionMinutes: 15 },
    );
    const text = merge.map((f) => f.a).join(' ');
    expect(text).toContain('up to 100 MB');
    expect(text).toContain('up to 7 files with 200 MB in total');
    expect(text).toContain('after 15 minutes at the latest');
    const single = toolFaq(
      TOOLS.find((t) => t.slug === 'image-compress')!,
      { ...limits, maxFileBytes: 50 * 1024 * 1024 },
    );
    expect(single.map((f) => f.a).join(' ')).toContain('Up to 50 MB.');
  });
});
