// PDF to Word: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineFileTool, MIME, PDF_UPLOAD } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'pdf-to-word',
  group: 'pdf',
  name: 'PDF to Word',
  title: 'PDF to Word',
  icon: 'word',
  listed: false,
  description: 'Convert a PDF into an editable Word (DOCX) document with its paragraphs, fonts, tables and images.',
  keywords: ['pdf to word', 'pdf to docx', 'convert pdf', 'editable pdf'],
  kind: 'single',
  api: 'pdf/to_docx',
  accept: 'application/pdf',
  fileKinds: ['pdf'],
  expected: 'a PDF file',
  labels: { ...PDF_UPLOAD, action: 'Convert PDF to DOCX', busy: 'Converting...', download: 'Download DOCX' },
  minFiles: 1,
  output: { mime: MIME.docx, suffix: '_converted.docx' },
  errors: { default: 'Convert failed', fallback: 'PDF to DOCX conversion failed. Please try again.' },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
