// The word-merge page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose the Word (.docx) files with Upload Word Files, or drop them anywhere on the page.',
    'Drag the documents into the order they should appear in.',
    'Press Merge Word Files, then Download Merged Word to save one document.',
  ],
  faq: [
    {
      q: 'What is kept when documents are merged?',
      a: 'Each document keeps its styles, numbered lists, headers, footers and page layout, and starts on a new page.',
    },
    {
      q: 'Which formats are supported?',
      a: 'Word documents in the .docx format. Older .doc files need to be saved as .docx first.',
    },
    {
      q: 'Can I merge just one file?',
      a: 'Yes, one document is enough to start; it is useful to clean up a file. Add more to combine them.',
    },
  ],
  related: ['powerpoint-merge', 'pdf-merge', 'pdf-to-word'],
};
