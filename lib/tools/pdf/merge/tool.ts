// Merge PDF: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineFileTool, fallback, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'pdf-merge',
  group: 'pdf',
  name: 'Merge',
  title: 'Merge PDF',
  icon: 'merge',
  listed: true,
  description:
    'Combine several PDF files into one, in the order you choose. Bookmarks, links and form fields are kept. Free, no sign-up.',
  keywords: ['merge pdf', 'combine pdf', 'join pdf', 'pdf merger', 'free'],
  kind: 'merge',
  api: 'pdf/merge',
  accept: 'application/pdf',
  fileKinds: ['pdf'],
  expected: 'a PDF file',
  labels: {
    upload: 'Upload PDF Files',
    replace: 'Add PDF Files',
    action: 'Merge PDF Files',
    busy: 'Merging...',
    download: 'Download Merged PDF',
  },
  minFiles: 2,
  output: { mime: MIME.pdf, fixedName: 'Merged_File.pdf' },
  errors: { default: 'Merge failed', fallback: fallback('Merge failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
