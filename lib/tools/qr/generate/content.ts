// The qr-generate page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Type or paste the text or web address the code should hold.',
    'Press Generate to see the QR code.',
    'Press Download to save it as a PNG image.',
  ],
  faq: [
    {
      q: 'Do the QR codes expire?',
      a: 'No. The text is in the code itself, so it works as long as the picture exists; there is no redirect through our site.',
    },
    {
      q: 'Can I use Korean, Japanese or emoji?',
      a: 'Yes. Non-Latin text is marked as UTF-8 in the code, so phone cameras read it correctly.',
    },
    {
      q: 'How long can the text be?',
      a: 'Up to 1000 characters; shorter texts give simpler codes that scan faster.',
    },
    {
      q: 'Can I put a web address in the code?',
      a: 'Yes. Paste the full address, including https://, and phone cameras offer to open it. A shorter address makes a smaller code that is easier to scan.',
    },
  ],
  related: ['text-count', 'text-translate', 'image-png-to-svg'],
};
