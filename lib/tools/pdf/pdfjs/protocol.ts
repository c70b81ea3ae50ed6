// Messages between lib/tools/pdf/pdfjs/host.ts and the pdf.js thread (worker-source.ts).

/** A page this much wider than tall is a slide: it flows in bands sooner (build-docx.ts) and its charts take
 *  no wide labels (drawings-source.ts, which has it interpolated). */
export const SLIDE_RATIO = 1.25;

export interface CountTask {
  kind: 'count';
  path: string;
}

export interface ExtractTask {
  kind: 'extract';
  path: string;
  /** Pages without any text are rendered to an image at this resolution (0: never render). */
  renderDpi: number;
  /** Stop after this many pages (bounded work for huge files). */
  maxPages: number;
  /** Start at this page (1-based; default 1): a read continued in a fresh thread. */
  firstPage?: number;
  limits: RenderLimits;
  /** Vector drawings are rendered as pictures at this resolution (0: not at all). */
  drawingDpi: number;
}

export interface RenderLimits {
  /** One render (a page or a region) never has more pixels than this: the resolution drops instead. */
  pagePixels: number;
  /** All renders of a job together: past this the job stops with a 'limit' error. */
  jobPixels: number;
}

/** PDF Compress: pdf.js's Type 1 → CFF conversion of the fonts of page 1 (a probe file, compress/type1-to-cff.ts). */
export interface FontsTask {
  kind: 'fonts';
  path: string;
}

export type PdfjsTask = CountTask | ExtractTask | FontsTask;

export interface TextRun {
  str: string;
  /** Left edge and baseline, in points from the page's top-left corner (rotation applied). */
  x: number;
  y: number;
  w: number;
  /** Font size in points. */
  size: number;
  font: string;
  /** pdf.js's classification of the font (from its flags and name). */
  generic: 'serif' | 'sans-serif' | 'monospace';
  bold: boolean;
  italic: boolean;
  /** '#rrggbb' */
  color: string;
  /** true when the text is drawn vertically or rotated: read, not laid out. */
  rotated: boolean;
  /** Set when the text runs up (90) or down (270) the page as shown: laid out turned (rotated-text.ts). */
  turn?: 90 | 270;
  /** Set on other rotated text: its baseline's direction as shown, in degrees (y down); laid out as an
   * upright floating box about its middle (slanted-text.ts). */
  angle?: number;
  /** pdf.js's end-of-line hint */
  eol: boolean;
  /** Text render mode 3 (OCR layers over scans) */
  invisible: boolean;
  /** Set by the layout: a raised or lowered small run next to a line (footnote marks, exponents). */
  script?: 'super' | 'sub';
  /** Set when a rule under it or through it was drawn (to-docx/lone-rules.ts). */
  underline?: boolean;
  strike?: boolean;
  /** Set when thin rules close a box round it alone (to-docx/boxed-runs.ts): its colour, width in points. */
  boxed?: { color: string; width: number };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RawPixels {
  width: number;
  height: number;
  /** 1 gray, 3 RGB, 4 RGBA; 8 bits each */
  channels: 1 | 3 | 4;
  data: Uint8Array;
}

export interface PageImage extends Box {
  raw?: RawPixels;
  /** A vector drawing rendered from the page region (PNG at `dpi`), placed as it is. */
  encoded?: { data: Uint8Array; type: 'png'; dpi: number };
  /** The drawing's own text (labels), rendered without it: it goes over the picture as editable text. */
  labels?: TextRun[];
  /** A figure set as a glyph (a title page's corner ornaments): it floats at its place, out of the flow. */
  glyph?: boolean;
}

export interface RenderedPage extends Box {
  data: Uint8Array;
  format: 'jpg';
  /** The resolution it was rendered at (lower than asked for very large pages). */
  dpi: number;
  /** Its words are all invisible (render mode 3): a scan's own text layer (OCRmyPDF), read instead of OCR. */
  textLayer?: boolean;
  /** A scan with a few visible digital words over it (a stamp, a header): rendered with them, read by OCR,
   * and kept a text page when OCR finds little more (pdfjs/scan-source.ts, to-docx/stamped-scan.ts). */
  stamped?: boolean;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** '#rrggbb' as painted: a white rule does not show, and makes no table (tables.ts). */
  color?: string;
  /** Thickness in points (a stroke's line width, a thin filled box's height or width): drawn at it. */
  width?: number;
}

export interface ListMark extends Box {
  shape: 'disc' | 'circle' | 'square';
  /** '#rrggbb' */
  color: string;
}

export interface PageLink extends Box {
  url: string;
}

export interface PageData {
  width: number;
  height: number;
  runs: TextRun[];
  images: PageImage[];
  /** Axis-aligned ruling lines (table borders, rules), page coordinates. */
  segments: Segment[];
  /** Filled rectangles (cell shading, bars); extent: the box is only the extent of a shape that is not one
   * box (several outlines, slanted sides). */
  fills: (Box & { color: string; extent?: true })[];
  links: PageLink[];
  /** Small dots and squares a browser draws as list bullets (to-docx/web-lists.ts); absent when none. */
  marks?: ListMark[];
  /** Set when the page had no visible text and was rendered whole. */
  rendered?: RenderedPage;
  /** pdf.js could not read this page. */
  failed?: boolean;
  /** The page's text layer could not be read (control codes, not letters): dropped, the page rendered. */
  garbled?: boolean;
}

export interface CountResult {
  pages: number;
}

export interface ExtractResult {
  pages: PageData[];
  totalPages: number;
}

/** One font of the probe page, in the order its content selects them. */
export interface ConvertedFont {
  /** The CFF-flavoured OpenType file pdf.js made (absent when it fell back to a substitute font). */
  data?: Uint8Array;
  mimetype?: string;
  /** Char code → the code point of pdf.js's cmap. */
  toFontChar: number[];
  /** The /Encoding /Differences pdf.js read (code → glyph name). */
  differences: (string | null)[];
  /** pdf.js composes accented glyphs (seac) itself: their CFF glyphs are empty. */
  seac: boolean;
}

export interface FontsResult {
  fonts: ConvertedFont[];
}

export type PdfjsResult<T extends PdfjsTask> = T extends CountTask
  ? CountResult
  : T extends FontsTask
    ? FontsResult
    : ExtractResult;
