// PNG to SVG: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import type { ToolOptionsDef } from '../../option-fields';
import { defineFileTool, fallback, IMAGE_UPLOAD, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'image-png-to-svg',
  group: 'image',
  name: 'PNG to SVG',
  title: 'PNG to SVG',
  icon: 'vector',
  listed: true,
  description: 'Trace a PNG logo, icon or drawing into a scalable colour SVG vector.',
  keywords: ['png to svg', 'vectorize', 'image tracer', 'convert to vector'],
  kind: 'single',
  api: 'image/png_to_svg',
  accept: 'image/png',
  fileKinds: ['png'],
  expected: 'a PNG image',
  labels: { ...IMAGE_UPLOAD, action: 'Convert PNG to SVG', busy: 'Converting...', download: 'Download SVG File' },
  minFiles: 1,
  output: { mime: MIME.svg, suffix: '_converted.svg' },
  errors: { default: 'PNG to SVG conversion failed', fallback: fallback('PNG to SVG conversion failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);

/** The page's options panel (lib/tools/option-fields.ts turns the choices into the process request's settings). */
export const optionFields: ToolOptionsDef = {
  placement: 'panel',
  fields: [
    {
      kind: 'choice',
      name: 'preset',
      label: 'Style',
      default: 'auto',
      choices: [
        { value: 'auto', label: 'Automatic' },
        { value: 'logo', label: 'Logo' },
        { value: 'illustration', label: 'Illustration' },
        { value: 'photo', label: 'Photo' },
        { value: 'bw', label: 'Black and white' },
      ],
    },
    {
      kind: 'number',
      name: 'colors',
      label: 'Colours',
      min: 2,
      max: 64,
      placeholder: 'auto',
      when: (v) => v.preset !== 'bw',
    },
  ],
};

/** The zod schema of the process request's optional settings (options.ts), loaded on the server only. */
export const loadSettings = () => import('./options').then((m) => m.pngToSvgSettings);
