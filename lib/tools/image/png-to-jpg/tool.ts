// PNG to JPG: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import type { ToolOptionsDef } from '../../option-fields';
import { defineFileTool, fallback, IMAGE_UPLOAD, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'image-png-to-jpg',
  group: 'image',
  name: 'PNG to JPG',
  title: 'PNG to JPG',
  icon: 'swap',
  listed: true,
  description: 'Convert a PNG image to a compact JPG; transparent areas become white.',
  keywords: ['png to jpg', 'png to jpeg', 'convert png', 'image converter'],
  kind: 'single',
  api: 'image/png_to_jpg',
  accept: 'image/png',
  fileKinds: ['png'],
  expected: 'a PNG image',
  labels: { ...IMAGE_UPLOAD, action: 'Convert PNG to JPG', busy: 'Converting...', download: 'Download JPG File' },
  minFiles: 1,
  output: { mime: MIME.jpeg, suffix: '_converted.jpg' },
  errors: { default: 'PNG to JPG conversion failed', fallback: fallback('PNG to JPG conversion failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);

/** The page's options panel (lib/tools/option-fields.ts turns the choices into the process request's settings). */
export const optionFields: ToolOptionsDef = {
  placement: 'panel',
  fields: [
    { kind: 'background', name: 'background', label: 'Background', allowTransparent: false, default: '#ffffff' },
  ],
};

/** The zod schema of the process request's optional settings (options.ts), loaded on the server only. */
export const loadSettings = () => import('./options').then((m) => m.pngToJpgSettings);
