// The text-count page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Type or paste your text into the box.',
    'Read the characters with and without spaces and the UTF-8 bytes as you type.',
    'Shorten or edit the text until it fits the limit you need.',
  ],
  faq: [
    {
      q: 'How are emoji and accents counted?',
      a: 'As people see them: a flag, an emoji with skin tone or a letter with an accent counts as one character.',
    },
    {
      q: 'Why count bytes?',
      a: 'Databases, SMS and many forms limit bytes, not characters; a Korean syllable is 3 bytes in UTF-8, an emoji 4 or more.',
    },
    { q: 'How long can the text be?', a: 'Up to 5000 characters.' },
    {
      q: 'Are spaces and line breaks counted?',
      a: 'Yes. Spaces, tabs and line breaks are characters too; the figure without spaces leaves the spaces out.',
    },
  ],
  related: ['text-translate', 'qr-generate'],
};
