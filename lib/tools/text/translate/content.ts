// The text-translate page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Type or paste up to 5000 characters of text.',
    'Leave the source language on automatic detection or pick it, and pick the target language.',
    'Press Translate and copy the translation.',
  ],
  faq: [
    {
      q: 'Which languages are supported?',
      a: 'English, Korean, Japanese, Vietnamese, Spanish, French, German, Portuguese and Italian, in both directions.',
    },
    {
      q: 'How is the language detected?',
      a: 'From the letters and common words of your text; short texts may need the source language chosen by hand.',
    },
    { q: 'How long can the text be?', a: 'Up to 5000 characters per translation.' },
    {
      q: 'How good is the translation?',
      a: 'It is machine translation: good for understanding a text and for first drafts. Have contracts, medical or legal texts checked by a person who speaks both languages.',
    },
  ],
  related: ['text-count', 'qr-generate', 'pdf-to-word'],
};
