// The shape of a tool's entry (each tool's own `tool.ts` declares one) and the plain helpers every part of the
// site shares. Browser-safe and tiny: nothing here imports the tool list, so a client module that needs only
// `downloadName` or a type does not pull in every tool. The list and lookups are in ./registry.ts.

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

export interface ToolBase {
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

/** A file tool whose API path is `A`: 'pdf/merge' → /api/pdf/merge/upload/ ... Its folder is the API path
 * with '-' for '_' (lib/tools/pdf/to-docx for 'pdf/to_docx'). */
export interface FileToolDefOf<A extends string> extends ToolBase {
  kind: 'single' | 'merge' | 'lock';
  api: A;
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
  /** Text and QR tools have fixed route folders (app/api/text/..., app/api/qr/...). */
  api: 'text/translate' | 'text/count' | 'qr/generate';
  errors: { default: string; fallback: string };
}

/** What a tool page says below the tool: three how-to steps, the tool's own FAQ, related tools (by slug). */
export interface Faq {
  q: string;
  a: string;
}
export interface ToolContent {
  /** Exactly three steps, each one short sentence (HowTo JSON-LD and the visible list). */
  steps: readonly [string, string, string];
  /** Tool-specific questions; the limits and privacy answers are added from the configuration. */
  faq: readonly Faq[];
  /** 2-4 other tools (slugs) a visitor of this one often needs next; content.test.ts checks they exist. */
  related: readonly string[];
}

/** Keeps the API path's literal type ('pdf/merge'), from which the registry derives `FileToolApi`. */
export const defineFileTool = <const A extends string>(tool: FileToolDefOf<A>): FileToolDefOf<A> => tool;
export const defineTextTool = (tool: TextToolDef): TextToolDef => tool;

/** The folder of a tool under lib/tools: its API path with '-' for '_'. */
export const toolFolder = (api: string) => api.replace(/_/g, '-');

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

export const PDF_UPLOAD = { upload: 'Upload PDF File', replace: 'Replace PDF File' };
export const IMAGE_UPLOAD = { upload: 'Upload Image File', replace: 'Replace Image File' };
export const fallback = (text: string) => `${text}. Please try again.`;

export const routeOf = (tool: Pick<ToolBase, 'slug'>) => `/${tool.slug}`;

/** The name a result is saved under (SPEC section 7); `ext` replaces the extension when a setting changed
 * the result's type. */
export function downloadName(tool: Pick<FileToolDefOf<string>, 'output'>, originalName: string, ext?: string): string {
  const withExt = (name: string) => (ext ? name.replace(/\.[^.]*$/, `.${ext}`) : name);
  if ('fixedName' in tool.output) return withExt(tool.output.fixedName);
  const base = originalName.replace(/\.[^./\\]*$/, '') || 'file';
  return withExt(`${base}${tool.output.suffix}`);
}
