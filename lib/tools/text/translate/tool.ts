// Translate Text: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineTextTool, fallback } from '../../tool-def';

export const tool = defineTextTool({
  slug: 'text-translate',
  group: 'text',
  name: 'Translate',
  title: 'Translate Text',
  icon: 'translate',
  listed: true,
  description:
    'Translate text between English, Korean, Japanese, Vietnamese, Spanish, French, German, Portuguese and Italian, with automatic language detection.',
  keywords: ['translate', 'translator', 'language detection', 'korean english translation'],
  kind: 'translate',
  api: 'text/translate',
  errors: { default: 'Translation failed', fallback: fallback('Translation failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
