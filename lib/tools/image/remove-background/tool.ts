// Remove Background: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import type { OptionValues, ToolOptionsDef } from '../../option-fields';
import { defineFileTool, fallback, IMAGE_UPLOAD, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'image-remove-background',
  group: 'image',
  name: 'Remove Background',
  title: 'Remove Background',
  icon: 'eraser',
  listed: true,
  description:
    'Remove the background from a photo automatically and download a transparent PNG. Runs on our server, free.',
  keywords: ['remove background', 'background remover', 'transparent png', 'cut out image'],
  kind: 'single',
  api: 'image/remove_background',
  accept: 'image/jpeg,image/png,image/bmp,image/gif',
  fileKinds: ['jpeg', 'png', 'bmp', 'gif'],
  expected: 'a JPEG, PNG, BMP or GIF image',
  labels: {
    ...IMAGE_UPLOAD,
    action: 'Remove Background',
    busy: 'Removing Background...',
    download: 'Download Image Without Background',
  },
  minFiles: 1,
  output: { mime: MIME.png, suffix: '_removed_background.png' },
  errors: { default: 'Remove background failed', fallback: fallback('Remove background failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);

const opaque = (v: OptionValues) => v.background !== undefined && v.background !== 'transparent';

/** The page's options panel (lib/tools/option-fields.ts turns the choices into the process request's settings). */
export const optionFields: ToolOptionsDef = {
  placement: 'panel',
  fields: [
    { kind: 'background', name: 'background', label: 'Background', allowTransparent: true, default: 'transparent' },
    {
      kind: 'choice',
      name: 'format',
      label: 'Format',
      default: 'png',
      when: opaque,
      choices: [
        { value: 'png', label: 'PNG' },
        { value: 'jpeg', label: 'JPG' },
      ],
    },
    { kind: 'toggle', name: 'crop', label: 'Crop to the subject', default: false },
  ],
};

/** The zod schema of the process request's optional settings (settings.ts), loaded on the server only. */
export const loadSettings = () => import('./settings').then((m) => m.removeBackgroundSettings);
