// The pdf-compress page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose a PDF with Upload PDF File, or drop it anywhere on the page.',
    'Press Compress PDF File: images and streams are recompressed on our server.',
    'Check the new size shown on the page and press Download Compressed PDF.',
  ],
  faq: [
    {
      q: 'How much smaller will my PDF get?',
      a: 'Scans and photo-heavy PDFs often shrink by half or more; text-only PDFs are usually already small. If nothing can be saved, the original is returned and the page says so.',
    },
    {
      q: 'Does compression change how the PDF looks?',
      a: 'Text and vector drawings stay sharp. Only images are recompressed, at a quality chosen to look the same on screen and in print.',
    },
    {
      q: 'What is kept?',
      a: 'Pages, text, links, bookmarks and form fields stay as they are; only how the data is stored changes.',
    },
  ],
  related: ['pdf-merge', 'image-compress', 'pdf-lock'],
};
