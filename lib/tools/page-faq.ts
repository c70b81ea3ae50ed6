// The FAQ of a tool page: the tool's own questions (its folder's content.ts) plus limits and privacy answers with
// the configured numbers, so the page never promises something the server does not do.
import { mbText, type UploadLimits } from '@/lib/client/limits';
import { toolContent, type Faq } from './content';
import type { ToolDef } from './registry';

const PHONE: Faq = {
  q: 'Does it work on a phone?',
  a: 'Yes. It works in any current browser on phones, tablets and computers, with nothing to install.',
};

export async function toolFaq(tool: ToolDef, limits: UploadLimits): Promise<Faq[]> {
  const own = (await toolContent(tool.slug)).faq;
  const minutes = `${limits.sessionMinutes} minute${limits.sessionMinutes === 1 ? '' : 's'}`;
  if (tool.kind === 'translate' || tool.kind === 'count' || tool.kind === 'qr') {
    const privacy: Faq = {
      q: 'Is my text stored?',
      a: {
        count:
          'No. The counts are worked out as you type; the text is sent to our server only to count it and is never logged or stored.',
        qr: 'No. The text is sent to our server only to draw the code and is never logged or stored.',
        translate:
          'No. The text is used only to translate it and is never logged or stored. Depending on the languages it is translated on our server, by the translation service this site uses, or by your own browser.',
      }[tool.kind],
    };
    return [
      ...own,
      privacy,
      PHONE,
      { q: 'Is it free?', a: 'Yes, free without sign-up and without a usage limit for normal use.' },
    ];
  }
  const limitsFaq: Faq =
    tool.kind === 'merge'
      ? {
          q: 'How large can the files be?',
          a: `Each file can be up to ${mbText(limits.maxFileBytes)}, and up to ${limits.maxFiles} files with ${mbText(limits.maxJobBytes)} in total can be merged at once. Larger files are refused before anything is uploaded.`,
        }
      : {
          q: 'How large can the file be?',
          a: `Up to ${mbText(limits.maxFileBytes)}. A larger file is refused before anything is uploaded.`,
        };
  const privacy: Faq = {
    q: 'What happens to my files?',
    a: `They are uploaded over an encrypted connection, processed on our server and deleted as soon as your result is downloaded to this page, and after ${minutes} at the latest. Nobody looks at them and nothing is shared with a third party.`,
  };
  return [
    ...own,
    limitsFaq,
    privacy,
    PHONE,
    { q: 'Is it free?', a: 'Yes, free without sign-up, watermarks or a daily limit.' },
  ];
}
