// JPG to PNG: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineFileTool, fallback, IMAGE_UPLOAD, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'image-jpg-to-png',
  group: 'image',
  name: 'JPG to PNG',
  title: 'JPG to PNG',
  icon: 'image',
  listed: true,
  description: 'Convert a JPG photo to a lossless PNG image, with its orientation and colour profile kept.',
  keywords: ['jpg to png', 'jpeg to png', 'convert jpg', 'image converter'],
  kind: 'single',
  api: 'image/jpg_to_png',
  accept: 'image/jpeg',
  fileKinds: ['jpeg'],
  expected: 'a JPEG image',
  labels: { ...IMAGE_UPLOAD, action: 'Convert JPG to PNG', busy: 'Converting...', download: 'Download PNG File' },
  minFiles: 1,
  output: { mime: MIME.png, suffix: '_converted.png' },
  errors: { default: 'JPG to PNG conversion failed', fallback: fallback('JPG to PNG conversion failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
