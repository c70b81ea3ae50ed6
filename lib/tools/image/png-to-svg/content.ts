// The image-png-to-svg page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose a PNG logo, icon or drawing with Upload Image File, or drop it anywhere on the page.',
    'Press Convert PNG to SVG: its shapes are traced into colour vector paths.',
    'Check the result picture, then press Download SVG File.',
  ],
  faq: [
    {
      q: 'Which pictures trace well?',
      a: 'Logos, icons, drawings and text with flat colours. Photos become many small shapes and large files.',
    },
    {
      q: 'Why use SVG?',
      a: 'An SVG stays sharp at any size, from a favicon to a poster, and can be edited in Inkscape, Illustrator or Figma.',
    },
    { q: 'Which formats are supported?', a: 'PNG goes in, SVG comes out. Transparent areas stay transparent.' },
  ],
  related: ['image-jpg-to-png', 'image-remove-background', 'qr-generate'],
};
