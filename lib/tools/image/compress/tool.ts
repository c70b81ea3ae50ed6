// Compress Image: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import type { ToolOptionsDef } from '../../option-fields';
import { defineFileTool, fallback, IMAGE_UPLOAD, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'image-compress',
  group: 'image',
  name: 'Compress',
  title: 'Compress Image',
  icon: 'compress',
  listed: true,
  description: 'Make JPG photos smaller without visible loss: the smallest file that still looks the same.',
  keywords: ['compress jpg', 'compress image', 'reduce image size', 'jpeg optimizer'],
  kind: 'single',
  api: 'image/compress',
  accept: 'image/jpeg',
  fileKinds: ['jpeg'],
  expected: 'a JPEG image',
  labels: {
    ...IMAGE_UPLOAD,
    action: 'Compress Image File',
    busy: 'Compressing...',
    download: 'Download Compressed Image',
  },
  minFiles: 1,
  output: { mime: MIME.jpeg, suffix: '_compressed.jpg' },
  errors: { default: 'Compress failed', fallback: fallback('Compress failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);

/** The page's options panel (lib/tools/option-fields.ts turns the choices into the process request's settings). */
export const optionFields: ToolOptionsDef = {
  placement: 'panel',
  fields: [
    {
      kind: 'number',
      name: 'target_kb',
      label: 'At most',
      unit: 'KB',
      min: 5,
      max: 102_400,
      placeholder: 'any size',
      hint: 'Leave empty for the best size at the same look.',
    },
    {
      kind: 'choice',
      name: 'format',
      label: 'Format',
      default: 'jpeg',
      choices: [
        { value: 'jpeg', label: 'JPG' },
        { value: 'webp', label: 'WebP' },
        { value: 'avif', label: 'AVIF' },
      ],
    },
  ],
};

/** The zod schema of the process request's optional settings (options.ts), loaded on the server only. */
export const loadSettings = () => import('./options').then((m) => m.imageCompressSettings);
