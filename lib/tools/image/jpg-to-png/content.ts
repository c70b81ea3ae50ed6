// The image-jpg-to-png page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose a JPG photo with Upload Image File, or drop it anywhere on the page.',
    'Press Convert JPG to PNG.',
    'Check the result picture, then press Download PNG File.',
  ],
  faq: [
    {
      q: 'Does converting to PNG improve quality?',
      a: 'No: PNG is lossless, so the picture stays exactly as good as the JPG was, without new compression artefacts. The file is usually larger.',
    },
    {
      q: 'What is kept?',
      a: 'The pixels, the orientation (the picture is turned the way the camera meant) and the colour profile.',
    },
    { q: 'Which formats are supported?', a: 'JPEG (.jpg, .jpeg) goes in, PNG comes out.' },
  ],
  related: ['image-png-to-jpg', 'image-png-to-svg', 'image-compress'],
};
