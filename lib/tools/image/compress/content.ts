// The image-compress page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose a JPG photo with Upload Image File, or drop it anywhere on the page.',
    'Press Compress Image File: the photo is re-encoded as small as it can be without visible change.',
    'Compare before and after, check the saving, then press Download Compressed Image.',
  ],
  faq: [
    {
      q: 'Will the photo look worse?',
      a: 'No visible difference is the goal: the quality is chosen per photo, and you can zoom into the before/after view to check.',
    },
    {
      q: 'What is kept?',
      a: 'The size in pixels, the orientation and the colour profile. GPS position, camera details and embedded thumbnails are removed, for privacy and size.',
    },
    {
      q: 'Which formats are supported?',
      a: 'JPEG (.jpg, .jpeg) photos. To shrink a PNG, convert it with PNG to JPG first.',
    },
  ],
  related: ['image-png-to-jpg', 'pdf-compress', 'image-remove-background'],
};
