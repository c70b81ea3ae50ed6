// The pdf-merge page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose the PDF files with Upload PDF Files, or drop them anywhere on the page.',
    'Drag the files into the order you want; the numbers show the page order of the result.',
    'Press Merge PDF Files, then Download Merged PDF to save one combined PDF.',
  ],
  faq: [
    {
      q: 'What is kept when PDFs are merged?',
      a: 'Every page keeps its size and content. Bookmarks, internal links and form fields are carried over, so a merged report still jumps to its chapters.',
    },
    {
      q: 'Can I change the order after adding more files?',
      a: 'Yes. New files are added to the list sorted by name; drag any row (or use Space and the arrow keys on its handle) to move it before merging.',
    },
    {
      q: 'Can I merge password-protected PDFs?',
      a: 'No. A locked PDF has to be opened with its password first; the page names the file that is locked.',
    },
  ],
  related: ['pdf-compress', 'pdf-lock', 'word-merge'],
};
