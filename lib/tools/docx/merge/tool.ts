// Merge Word: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineFileTool, fallback, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'word-merge',
  group: 'word',
  name: 'Merge',
  title: 'Merge Word',
  icon: 'file-word',
  listed: true,
  description:
    'Combine several Word (DOCX) documents into one, keeping their styles, lists, headers, footers and page layout.',
  keywords: ['merge word', 'combine docx', 'join word documents', 'docx merger'],
  kind: 'merge',
  api: 'docx/merge',
  accept: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  fileKinds: ['docx'],
  expected: 'a Word (.docx) file',
  labels: {
    upload: 'Upload Word Files',
    replace: 'Add Word Files',
    action: 'Merge Word Files',
    busy: 'Merging...',
    download: 'Download Merged Word',
  },
  minFiles: 1,
  output: { mime: MIME.docx, fixedName: 'Merged_File.docx' },
  errors: { default: 'Merge failed', fallback: fallback('Merge failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
