// The image-png-to-jpg page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose a PNG image with Upload Image File, or drop it anywhere on the page.',
    'Press Convert PNG to JPG.',
    'Check the result picture, then press Download JPG File.',
  ],
  faq: [
    { q: 'What happens to transparent areas?', a: 'JPG has no transparency, so transparent areas become white.' },
    {
      q: 'Why convert to JPG?',
      a: 'Photos and screenshots with many colours are often several times smaller as JPG, and every program and website accepts it.',
    },
    { q: 'Which formats are supported?', a: 'PNG goes in, JPEG (.jpg) comes out, with the same size in pixels.' },
  ],
  related: ['image-compress', 'image-jpg-to-png', 'image-remove-background'],
};
