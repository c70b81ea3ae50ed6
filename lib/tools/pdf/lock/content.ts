// The pdf-lock page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose the PDF with Upload PDF File, or drop it anywhere on the page.',
    'Type a password of at least 6 characters and type it again to confirm it.',
    'Press Lock PDF File, then Download Locked PDF and keep the password somewhere safe.',
  ],
  faq: [
    {
      q: 'How strong is the protection?',
      a: 'The PDF is encrypted with AES-256, the strongest method PDF readers support. Without the password the pages cannot be opened.',
    },
    {
      q: 'Can you recover a forgotten password?',
      a: 'No. The password is never stored, so nobody, including us, can open the file without it.',
    },
    {
      q: 'Which readers open the locked file?',
      a: 'Every current PDF reader: Acrobat, browsers, Preview on a Mac, and phone apps ask for the password and open it.',
    },
  ],
  related: ['pdf-merge', 'pdf-compress', 'pdf-to-word'],
};
