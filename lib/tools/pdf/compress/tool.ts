// Compress PDF: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import type { ToolOptionsDef } from '../../option-fields';
import { defineFileTool, fallback, MIME, PDF_UPLOAD } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'pdf-compress',
  group: 'pdf',
  name: 'Compress',
  title: 'Compress PDF',
  icon: 'compress',
  listed: true,
  description:
    'Make a PDF smaller by recompressing its images and streams, while it keeps looking the same. Free, no sign-up.',
  keywords: ['compress pdf', 'reduce pdf size', 'shrink pdf', 'pdf compressor'],
  kind: 'single',
  api: 'pdf/compress',
  accept: 'application/pdf',
  fileKinds: ['pdf'],
  expected: 'a PDF file',
  labels: { ...PDF_UPLOAD, action: 'Compress PDF File', busy: 'Compressing...', download: 'Download Compressed PDF' },
  minFiles: 1,
  output: { mime: MIME.pdf, suffix: '_compressed.pdf' },
  errors: { default: 'Compress failed', fallback: fallback('Compress failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);

/** The page's options panel (lib/tools/option-fields.ts turns the choices into the process request's settings). */
export const optionFields: ToolOptionsDef = {
  placement: 'inline',
  fields: [
    {
      kind: 'choice',
      name: 'level',
      label: 'Compression',
      default: 'recommended',
      choices: [
        { value: 'light', label: 'Light' },
        { value: 'recommended', label: 'Recommended' },
        { value: 'strong', label: 'Strong' },
      ],
    },
  ],
};

/** The zod schema of the process request's optional settings (levels.ts), loaded on the server only. */
export const loadSettings = () => import('./levels').then((m) => m.pdfCompressSettings);
