// Remove Background: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
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
