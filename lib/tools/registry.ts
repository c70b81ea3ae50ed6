// The one declaration of every tool. Plain data, safe to import in the browser: the sidebar, home grid,
// page metadata, sitemap, the API route wrapper and tests all read it.

export type GroupId = 'pdf' | 'word' | 'powerpoint' | 'image' | 'text' | 'qr';
export type PageKind = 'single' | 'merge' | 'lock' | 'translate' | 'count' | 'qr';
/** File kinds the server recognises by their bytes. */
export type FileKind = 'pdf' | 'docx' | 'pptx' | 'jpeg' | 'png' | 'gif' | 'bmp';
export type IconName =
  | 'merge'
  | 'compress'
  | 'lock'
  | 'word'
  | 'file-word'
  | 'file-powerpoint'
  | 'eraser'
  | 'image'
  | 'swap'
  | 'vector'
  | 'translate'
  | 'count'
  | 'qr';

export interface GroupDef {
  id: GroupId;
  name: string;
  isNew?: boolean;
}

interface ToolBase {
  /** Route slug, also the tool's id: '/pdf-merge' is 'pdf-merge'. */
  slug: string;
  group: GroupId;
  /** Entry name in the sidebar. */
  name: string;
  /** Name used in the page title '<title> | <site name>' and on the home grid. */
  title: string;
  icon: IconName;
  isNew?: boolean;
  /** false: the route exists but the sidebar does not list it (PDF to Word). */
  listed: boolean;
  description: string;
  keywords: string[];
}

export interface FileToolDef extends ToolBase {
  kind: 'single' | 'merge' | 'lock';
  /** API path under /api: 'pdf/merge' → /api/pdf/merge/upload/ ... */
  api: FileToolApi;
  /** The picker's accept filter (SPEC section 2). */
  accept: string;
  /** What the server accepts, checked by the file's bytes. */
  fileKinds: FileKind[];
  /** Human name of the expected type, for 415 errors: 'a PDF file'. */
  expected: string;
  labels: { upload: string; replace: string; action: string; busy: string; download: string };
  /** Merge tools: how many files before the Merge button shows. */
  minFiles: number;
  output: { mime: string } & ({ fixedName: string } | { suffix: string });
  errors: { default: string; fallback: string };
}

export interface TextToolDef extends ToolBase {
  kind: 'translate' | 'count' | 'qr';
  api: 'text/translate' | 'text/count' | 'qr/generate';
  errors: { default: string; fallback: string };
}

export type ToolDef = FileToolDef | TextToolDef;

export type FileToolApi =
  | 'pdf/merge'
  | 'pdf/compress'
  | 'pdf/to_docx'
  | 'pdf/lock'
  | 'docx/merge'
  | 'pptx/merge'
  | 'image/remove_background'
  | 'image/compress'
  | 'image/jpg_to_png'
  | 'image/png_to_jpg'
  | 'image/png_to_svg';

export const GROUPS: readonly GroupDef[] = [
  { id: 'pdf', name: 'PDF', isNew: true },
  { id: 'word', name: 'Word' },
  { id: 'powerpoint', name: 'PowerPoint' },
  { id: 'image', name: 'Image' },
  { id: 'text', name: 'Text', isNew: true },
  { id: 'qr', name: 'QR' },
];

export const MIME = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
} as const;

const PDF_UPLOAD = { upload: 'Upload PDF File', replace: 'Replace PDF File' };
const IMAGE_UPLOAD = { upload: 'Upload Image File', replace: 'Replace Image File' };
const fallback = (text: string) => `${text}. Please try again.`;

export const TOOLS: readonly ToolDef[] = [
  {
    slug: 'pdf-merge',
    group: 'pdf',
    name: 'Merge',
    title: 'Merge PDF',
    icon: 'merge',
    listed: true,
    description:
      'Combine several PDF files into one, in the order you choose. Bookmarks, links and form fields are kept. Free, no sign-up.',
    keywords: ['merge pdf', 'combine pdf', 'join pdf', 'pdf merger', 'free'],
    kind: 'merge',
    api: 'pdf/merge',
    accept: 'application/pdf',
    fileKinds: ['pdf'],
    expected: 'a PDF file',
    labels: {
      upload: 'Upload PDF Files',
      replace: 'Add PDF Files',
      action: 'Merge PDF Files',
      busy: 'Merging...',
      download: 'Download Merged PDF',
    },
    minFiles: 2,
    output: { mime: MIME.pdf, fixedName: 'Merged_File.pdf' },
    errors: { default: 'Merge failed', fallback: fallback('Merge failed') },
  },
  {
    slug: 'pdf-compress',
    group: 'pdf',
    name: 'Compress',
    title: 'Compress PDF',
    icon: 'compress',
    listed: true,
    description:
      'Make a PDF smaller by recompressing its images and streams, while it keeps looking the same. Free, no sign-up.',
    keywords: ['compress pdf', 'reduce pdf size', 'shrink pdf', 'pdf compressor'],
    kind: 'single',
    api: 'pdf/compress',
    accept: 'application/pdf',
    fileKinds: ['pdf'],
    expected: 'a PDF file',
    labels: { ...PDF_UPLOAD, action: 'Compress PDF File', busy: 'Compressing...', download: 'Download Compressed PDF' },
    minFiles: 1,
    output: { mime: MIME.pdf, suffix: '_compressed.pdf' },
    errors: { default: 'Compress failed', fallback: fallback('Compress failed') },
  },
  {
    slug: 'pdf-to-word',
    group: 'pdf',
    name: 'PDF to Word',
    title: 'PDF to Word',
    icon: 'word',
    listed: false,
    description: 'Convert a PDF into an editable Word (DOCX) document with its paragraphs, fonts, tables and images.',
    keywords: ['pdf to word', 'pdf to docx', 'convert pdf', 'editable pdf'],
    kind: 'single',
    api: 'pdf/to_docx',
    accept: 'application/pdf',
    fileKinds: ['pdf'],
    expected: 'a PDF file',
    labels: { ...PDF_UPLOAD, action: 'Convert PDF to DOCX', busy: 'Converting...', download: 'Download DOCX' },
    minFiles: 1,
    output: { mime: MIME.docx, suffix: '_converted.docx' },
    errors: { default: 'Convert failed', fallback: 'PDF to DOCX conversion failed. Please try again.' },
  },
  {
    slug: 'pdf-lock',
    group: 'pdf',
    name: 'Lock',
    title: 'Lock PDF',
    icon: 'lock',
    isNew: true,
    listed: true,
    description: 'Protect a PDF with a password using AES-256 encryption. Free, no sign-up.',
    keywords: ['lock pdf', 'password protect pdf', 'encrypt pdf', 'secure pdf'],
    kind: 'lock',
    api: 'pdf/lock',
    accept: 'application/pdf',
    fileKinds: ['pdf'],
    expected: 'a PDF file',
    labels: { ...PDF_UPLOAD, action: 'Lock PDF File', busy: 'Locking...', download: 'Download Locked PDF' },
    minFiles: 1,
    output: { mime: MIME.pdf, suffix: '_locked.pdf' },
    errors: { default: 'Lock failed', fallback: fallback('Lock failed') },
  },
  {
    slug: 'word-merge',
    group: 'word',
    name: 'Merge',
    title: 'Merge Word',
    icon: 'file-word',
    listed: true,
    description:
      'Combine several Word (DOCX) documents into one, keeping their styles, lists, headers, footers and page layout.',
    keywords: ['merge word', 'combine docx', 'join word documents', 'docx merger'],
    kind: 'merge',
    api: 'docx/merge',
    accept: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    fileKinds: ['docx'],
    expected: 'a Word (.docx) file',
    labels: {
      upload: 'Upload Word Files',
      replace: 'Add Word Files',
      action: 'Merge Word Files',
      busy: 'Merging...',
      download: 'Download Merged Word',
    },
    minFiles: 1,
    output: { mime: MIME.docx, fixedName: 'Merged_File.docx' },
    errors: { default: 'Merge failed', fallback: fallback('Merge failed') },
  },
  {
    slug: 'powerpoint-merge',
    group: 'powerpoint',
    name: 'Merge',
    title: 'Merge PowerPoint',
    icon: 'file-powerpoint',
    listed: true,
    description:
      'Combine several PowerPoint (PPTX) presentations into one deck; every slide keeps its design, notes and media.',
    keywords: ['merge powerpoint', 'combine pptx', 'join presentations', 'pptx merger'],
    kind: 'merge',
    api: 'pptx/merge',
    accept: '.pptx,application/vnd.openxmlformats-officedocument.presentationml.presentation',
    fileKinds: ['pptx'],
    expected: 'a PowerPoint (.pptx) file',
    labels: {
      upload: 'Upload PowerPoint Files',
      replace: 'Add PowerPoint Files',
      action: 'Merge PowerPoint Files',
      busy: 'Merging...',
      download: 'Download Merged PowerPoint',
    },
    minFiles: 2,
    output: { mime: MIME.pptx, fixedName: 'Merged_File.pptx' },
    errors: { default: 'Merge failed', fallback: fallback('Merge failed') },
  },
  {
    slug: 'image-remove-background',
    group: 'image',
    name: 'Remove Background',
    title: 'Remove Background',
    icon: 'eraser',
    listed: true,
    description:
      'Remove the background from a photo automatically and download a transparent PNG. Runs on our server, free.',
    keywords: ['remove background', 'background remover', 'transparent png', 'cut out image'],
    kind: 'single',
    api: 'image/remove_background',
    accept: 'image/jpeg,image/png,image/bmp,image/gif',
    fileKinds: ['jpeg', 'png', 'bmp', 'gif'],
    expected: 'a JPEG, PNG, BMP or GIF image',
    labels: {
      ...IMAGE_UPLOAD,
      action: 'Remove Background',
      busy: 'Removing Background...',
      download: 'Download Image Without Background',
    },
    minFiles: 1,
    output: { mime: MIME.png, suffix: '_removed_background.png' },
    errors: { default: 'Remove background failed', fallback: fallback('Remove background failed') },
  },
  {
    slug: 'image-compress',
    group: 'image',
    name: 'Compress',
    title: 'Compress Image',
    icon: 'compress',
    listed: true,
    description: 'Make JPG photos smaller without visible loss: the smallest file that still looks the same.',
    keywords: ['compress jpg', 'compress image', 'reduce image size', 'jpeg optimizer'],
    kind: 'single',
    api: 'image/compress',
    accept: 'image/jpeg',
    fileKinds: ['jpeg'],
    expected: 'a JPEG image',
    labels: {
      ...IMAGE_UPLOAD,
      action: 'Compress Image File',
      busy: 'Compressing...',
      download: 'Download Compressed Image',
    },
    minFiles: 1,
    output: { mime: MIME.jpeg, suffix: '_compressed.jpg' },
    errors: { default: 'Compress failed', fallback: fallback('Compress failed') },
  },
  {
    slug: 'image-jpg-to-png',
    group: 'image',
    name: 'JPG to PNG',
    title: 'JPG to PNG',
    icon: 'image',
    listed: true,
    description: 'Convert a JPG photo to a lossless PNG image, with its orientation and colour profile kept.',
    keywords: ['jpg to png', 'jpeg to png', 'convert jpg', 'image converter'],
    kind: 'single',
    api: 'image/jpg_to_png',
    accept: 'image/jpeg',
    fileKinds: ['jpeg'],
    expected: 'a JPEG image',
    labels: { ...IMAGE_UPLOAD, action: 'Convert JPG to PNG', busy: 'Converting...', download: 'Download PNG File' },
    minFiles: 1,
    output: { mime: MIME.png, suffix: '_converted.png' },
    errors: { default: 'JPG to PNG conversion failed', fallback: fallback('JPG to PNG conversion failed') },
  },
  {
    slug: 'image-png-to-jpg',
    group: 'image',
    name: 'PNG to JPG',
    title: 'PNG to JPG',
    icon: 'swap',
    listed: true,
    description: 'Convert a PNG image to a compact JPG; transparent areas become white.',
    keywords: ['png to jpg', 'png to jpeg', 'convert png', 'image converter'],
    kind: 'single',
    api: 'image/png_to_jpg',
    accept: 'image/png',
    fileKinds: ['png'],
    expected: 'a PNG image',
    labels: { ...IMAGE_UPLOAD, action: 'Convert PNG to JPG', busy: 'Converting...', download: 'Download JPG File' },
    minFiles: 1,
    output: { mime: MIME.jpeg, suffix: '_converted.jpg' },
    errors: { default: 'PNG to JPG conversion failed', fallback: fallback('PNG to JPG conversion failed') },
  },
  {
    slug: 'image-png-to-svg',
    group: 'image',
    name: 'PNG to SVG',
    title: 'PNG to SVG',
    icon: 'vector',
    listed: true,
    description: 'Trace a PNG logo, icon or drawing into a scalable colour SVG vector.',
    keywords: ['png to svg', 'vectorize', 'image tracer', 'convert to vector'],
    kind: 'single',
    api: 'image/png_to_svg',
    accept: 'image/png',
    fileKinds: ['png'],
    expected: 'a PNG image',
    labels: { ...IMAGE_UPLOAD, action: 'Convert PNG to SVG', busy: 'Converting...', download: 'Download SVG File' },
    minFiles: 1,
    output: { mime: MIME.svg, suffix: '_converted.svg' },
    errors: { default: 'PNG to SVG conversion failed', fallback: fallback('PNG to SVG conversion failed') },
  },
  {
    slug: 'text-translate',
    group: 'text',
    name: 'Translate',
    title: 'Translate Text',
    icon: 'translate',
    listed: true,
    description:
      'Translate text between English, Korean, Japanese, Vietnamese, Spanish, French, German, Portuguese and Italian, with automatic language detection.',
    keywords: ['translate', 'translator', 'language detection', 'korean english translation'],
    kind: 'translate',
    api: 'text/translate',
    errors: { default: 'Translation failed', fallback: fallback('Translation failed') },
  },
  {
    slug: 'text-count',
    group: 'text',
    name: 'Count',
    title: 'Character Counter',
    icon: 'count',
    isNew: true,
    listed: true,
    description: 'Count characters and UTF-8 bytes of a text, with and without spaces, as you type.',
    keywords: ['character count', 'byte count', 'letter counter', 'word counter'],
    kind: 'count',
    api: 'text/count',
    errors: { default: 'Count failed', fallback: fallback('Count failed') },
  },
  {
    slug: 'qr-generate',
    group: 'qr',
    name: 'Generate',
    title: 'QR Code Generator',
    icon: 'qr',
    listed: true,
    description: 'Make a QR code image from any text or URL and download it as a PNG. Free, no sign-up.',
    keywords: ['qr code generator', 'make qr code', 'qr code png', 'url to qr'],
    kind: 'qr',
    api: 'qr/generate',
    errors: { default: 'QR generation failed', fallback: fallback('QR generation failed') },
  },
];

export const FILE_TOOLS = TOOLS.filter(
  (t): t is FileToolDef => t.kind === 'single' || t.kind === 'merge' || t.kind === 'lock',
);

export function toolBySlug(slug: string): ToolDef | undefined {
  return TOOLS.find((t) => t.slug === slug);
}

export function fileToolByApi(api: string): FileToolDef | undefined {
  return FILE_TOOLS.find((t) => t.api === api);
}

export function toolsInGroup(group: GroupId): ToolDef[] {
  return TOOLS.filter((t) => t.group === group && t.listed);
}

export const routeOf = (tool: Pick<ToolBase, 'slug'>) => `/${tool.slug}`;

/** The name a result is saved under (SPEC section 7); `ext` replaces the extension when a setting changed
 * the result's type. */
export function downloadName(tool: FileToolDef, originalName: string, ext?: string): string {
  const withExt = (name: string) => (ext ? name.replace(/\.[^.]*$/, `.${ext}`) : name);
  if ('fixedName' in tool.output) return withExt(tool.output.fixedName);
  const base = originalName.replace(/\.[^./\\]*$/, '') || 'file';
  return withExt(`${base}${tool.output.suffix}`);
}

/** Text limits (SPEC section 9). */
// Relative, not '@/': next.config.ts imports this file (kind-routes) and its loader misresolves the alias.
export { LIMITS } from '../core/limits';
