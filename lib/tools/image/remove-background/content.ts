// The image-remove-background page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose a photo with Upload Image File, or drop it anywhere on the page.',
    'Press Remove Background: the subject is found and cut out automatically.',
    'Compare before and after, then press Download Image Without Background.',
  ],
  faq: [
    {
      q: 'Which photos work best?',
      a: 'People, animals and products with a clear outline. Fine hair and see-through objects are handled, but low-contrast edges may need a second look.',
    },
    {
      q: 'Which formats are supported?',
      a: 'JPEG, PNG, BMP and GIF go in; a PNG with a transparent background comes out.',
    },
    {
      q: 'Is the picture sent to a third party?',
      a: 'No. The cut-out model runs on our own server; no outside service sees your photo.',
    },
  ],
  related: ['image-compress', 'image-png-to-jpg', 'image-png-to-svg'],
};
