// Lock PDF: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineFileTool, fallback, MIME, PDF_UPLOAD } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'pdf-lock',
  group: 'pdf',
  name: 'Lock',
  title: 'Lock PDF',
  icon: 'lock',
  isNew: true,
  listed: true,
  description: 'Protect a PDF with a password using AES-256 encryption. Free, no sign-up.',
  keywords: ['lock pdf', 'password protect pdf', 'encrypt pdf', 'secure pdf'],
  kind: 'lock',
  api: 'pdf/lock',
  accept: 'application/pdf',
  fileKinds: ['pdf'],
  expected: 'a PDF file',
  labels: { ...PDF_UPLOAD, action: 'Lock PDF File', busy: 'Locking...', download: 'Download Locked PDF' },
  minFiles: 1,
  output: { mime: MIME.pdf, suffix: '_locked.pdf' },
  errors: { default: 'Lock failed', fallback: fallback('Lock failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
