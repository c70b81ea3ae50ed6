import { TOOLS } from './registry';
import { toolContent } from './content';
import { toolFaq } from './page-faq';

const limits = { maxFileBytes: 100 * 1024 * 1024, maxFiles: 20, maxJobBytes: 200 * 1024 * 1024, sessionMinutes: 60 };

describe('tool page content', () => {
  it('is found for every listed tool and refused for an unknown one', async () => {
    await expect(toolContent('no-such-tool')).rejects.toThrow(/lib\/tools\/list\.ts/);
  });

  it.each(TOOLS.map((t) => [t.slug, t] as const))(
    '%s: three steps, own FAQ, related tools that exist',
    async (_slug, tool) => {
      const c = await toolContent(tool.slug);
      expect(c.steps).toHaveLength(3);
      for (const step of c.steps) expect(step.length).toBeGreaterThan(15);
      expect(c.faq.length).toBeGreaterThanOrEqual(3);
      expect(c.related.length).toBeGreaterThanOrEqual(2);
      expect(c.related).not.toContain(tool.slug);
      for (const slug of c.related) expect(TOOLS.map((t) => t.slug)).toContain(slug);
      const questions = (await toolFaq(tool, limits)).map((f) => f.q);
      expect(new Set(questions).size).toBe(questions.length);
    },
  );

  it('states the configured limits and retention on file tools', async () => {
    const merge = await toolFaq(
      TOOLS.find((t) => t.slug === 'pdf-merge')!,
      { ...limits, maxFiles: 7, sessionMinutes: 15 },
    );
    const text = merge.map((f) => f.a).join(' ');
    expect(text).toContain('up to 100 MB');
    expect(text).toContain('up to 7 files with 200 MB in total');
    expect(text).toContain('after 15 minutes at the latest');
    const single = await toolFaq(
      TOOLS.find((t) => t.slug === 'image-compress')!,
      { ...limits, maxFileBytes: 50 * 1024 * 1024 },
    );
    expect(single.map((f) => f.a).join(' ')).toContain('Up to 50 MB.');
  });
});
