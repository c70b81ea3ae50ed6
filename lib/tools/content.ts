// What a tool page says below the tool, for people and crawlers: three how-to steps, the tool's own FAQ
// (formats, what is kept), related tools. Keyed by slug and checked against the registry (content.test.ts),
// so a new tool cannot ship without its text. The shared FAQ on limits and privacy is built from the running
// configuration in lib/tools/page-facts.ts.

export type ToolSlug =
  | 'pdf-merge'
  | 'pdf-compress'
  | 'pdf-to-word'
  | 'pdf-lock'
  | 'word-merge'
  | 'powerpoint-merge'
  | 'image-remove-background'
  | 'image-compress'
  | 'image-jpg-to-png'
  | 'image-png-to-jpg'
  | 'image-png-to-svg'
  | 'text-translate'
  | 'text-count'
  | 'qr-generate';

export interface Faq {
  q: string;
  a: string;
}

export interface ToolContent {
  /** Exactly three steps, each one short sentence (HowTo JSON-LD and the visible list). */
  steps: readonly [string, string, string];
  /** Tool-specific questions; the limits and privacy answers are added from the configuration. */
  faq: readonly Faq[];
  /** 2-4 other tools a visitor of this one often needs next. */
  related: readonly ToolSlug[];
}

export const TOOL_CONTENT = {
  'pdf-merge': {
    steps: [
      'Choose the PDF files with Upload PDF Files, or drop them anywhere on the page.',
      'Drag the files into the order you want; the numbers show the page order of the result.',
      'Press Merge PDF Files, then Download Merged PDF to save one combined PDF.',
    ],
    faq: [
      {
        q: 'What is kept when PDFs are merged?',
        a: 'Every page keeps its size and content. Bookmarks, internal links and form fields are carried over, so a merged report still jumps to its chapters.',
      },
      {
        q: 'Can I change the order after adding more files?',
        a: 'Yes. New files are added to the list sorted by name; drag any row (or use Space and the arrow keys on its handle) to move it before merging.',
      },
      {
        q: 'Can I merge password-protected PDFs?',
        a: 'No. A locked PDF has to be opened with its password first; the page names the file that is locked.',
      },
    ],
    related: ['pdf-compress', 'pdf-lock', 'word-merge'],
  },
  'pdf-compress': {
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
  },
  'pdf-to-word': {
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
  },
  'pdf-lock': {
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
  },
  'word-merge': {
    steps: [
      'Choose the Word (.docx) files with Upload Word Files, or drop them anywhere on the page.',
      'Drag the documents into the order they should appear in.',
      'Press Merge Word Files, then Download Merged Word to save one document.',
    ],
    faq: [
      {
        q: 'What is kept when documents are merged?',
        a: 'Each document keeps its styles, numbered lists, headers, footers and page layout, and starts on a new page.',
      },
      {
        q: 'Which formats are supported?',
        a: 'Word documents in the .docx format. Older .doc files need to be saved as .docx first.',
      },
      {
        q: 'Can I merge just one file?',
        a: 'Yes, one document is enough to start; it is useful to clean up a file. Add more to combine them.',
      },
    ],
    related: ['powerpoint-merge', 'pdf-merge', 'pdf-to-word'],
  },
  'powerpoint-merge': {
    steps: [
      'Choose the PowerPoint (.pptx) files with Upload PowerPoint Files, or drop them anywhere on the page.',
      'Drag the presentations into the order their slides should follow.',
      'Press Merge PowerPoint Files, then Download Merged PowerPoint to save one deck.',
    ],
    faq: [
      {
        q: 'Do the slides keep their design?',
        a: 'Yes. Each slide keeps its layout, theme, speaker notes, pictures and embedded media.',
      },
      {
        q: 'Which formats are supported?',
        a: 'PowerPoint presentations in the .pptx format. Older .ppt files need to be saved as .pptx first.',
      },
      {
        q: 'In which order are the slides?',
        a: 'In the order of the list: all slides of the first file, then all slides of the second, and so on.',
      },
    ],
    related: ['word-merge', 'pdf-merge', 'image-compress'],
  },
  'image-remove-background': {
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
  },
  'image-compress': {
    steps: [
      'Choose a JPG photo with Upload Image File, or drop it anywhere on the page.',
      'Press Compress Image File: the photo is re-encoded as small as it can be without visible change.',
      'Compare before and after, check the saving, then press Download Compressed Image.',
    ],
    faq: [
      {
        q: 'Will the photo look worse?',
        a: 'No visible difference is the goal: the quality is chosen per photo, and you can zoom into the before/after view to check.',
      },
      {
        q: 'What is kept?',
        a: 'The size in pixels, the orientation and the colour profile. GPS position, camera details and embedded thumbnails are removed, for privacy and size.',
      },
      {
        q: 'Which formats are supported?',
        a: 'JPEG (.jpg, .jpeg) photos. To shrink a PNG, convert it with PNG to JPG first.',
      },
    ],
    related: ['image-png-to-jpg', 'pdf-compress', 'image-remove-background'],
  },
  'image-jpg-to-png': {
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
  },
  'image-png-to-jpg': {
    steps: [
      'Choose a PNG image with Upload Image File, or drop it anywhere on the page.',
      'Press Convert PNG to JPG.',
      'Check the result picture, then press Download JPG File.',
    ],
    faq: [
      { q: 'What happens to transparent areas?', a: 'JPG has no transparency, so transparent areas become white.' },
      {
        q: 'Why convert to JPG?',
        a: 'Photos and screenshots with many colours are often several times smaller as JPG, and every program and website accepts it.',
      },
      { q: 'Which formats are supported?', a: 'PNG goes in, JPEG (.jpg) comes out, with the same size in pixels.' },
    ],
    related: ['image-compress', 'image-jpg-to-png', 'image-remove-background'],
  },
  'image-png-to-svg': {
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
  },
  'text-translate': {
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
  },
  'text-count': {
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
  },
  'qr-generate': {
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
  },
} as const satisfies Record<ToolSlug, ToolContent>;

export function toolContent(slug: string): ToolContent {
  const content = (TOOL_CONTENT as Record<string, ToolContent>)[slug];
  if (!content) throw new Error(`No page content for tool '${slug}': add it to lib/tools/content.ts`);
  return content;
}
