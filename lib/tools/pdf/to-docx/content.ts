// The pdf-to-word page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose a PDF with Upload PDF File, or drop it anywhere on the page.',
    'Press Convert PDF to DOCX and wait while the pages are rebuilt as a document.',
    'Press Download DOCX and open the file in Word, LibreOffice or Google Docs.',
  ],
  faq: [
    {
      q: 'Will the Word file be editable?',
      a: 'Yes. Paragraphs become real text with their fonts and sizes, tables become Word tables, and pictures are placed as images.',
    },
    {
      q: 'Does it work with scanned PDFs?',
      a: 'A scan has no text layer, so its pages come out as pictures. PDFs made from a word processor convert best.',
    },
    {
      q: 'Which formats are supported?',
      a: 'Any PDF that is not password protected goes in; a Word document (.docx) comes out.',
    },
  ],
  related: ['pdf-merge', 'word-merge', 'pdf-compress'],
};
