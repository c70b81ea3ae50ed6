// Character Counter: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineTextTool, fallback } from '../../tool-def';

export const tool = defineTextTool({
  slug: 'text-count',
  group: 'text',
  name: 'Count',
  title: 'Character Counter',
  icon: 'count',
  isNew: true,
  listed: true,
  description: 'Count characters and UTF-8 bytes of a text, with and without spaces, as you type.',
  keywords: ['character count', 'byte count', 'letter counter', 'word counter'],
  kind: 'count',
  api: 'text/count',
  errors: { default: 'Count failed', fallback: fallback('Count failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
