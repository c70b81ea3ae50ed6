// What the streaming rewrite (rewriter.ts) takes and gives: its modes, the hooks the merge answers (new ids
// for relationships, styles, numbering, notes, comments, bookmarks; section capture) and its result.

export interface SectPrChild {
  local: string;
  attrs: Record<string, string>;
  xml: string;
}
export interface SectPrCapture {
  qname: string;
  attrs: Record<string, string>;
  children: SectPrChild[];
  /** The body's last sectPr (the document's final section), not one inside a paragraph. */
  final: boolean;
}

export interface RewriteHooks {
  rel?(id: string): string;
  style?(id: string): string;
  num?(id: string): string;
  abstractNum?(id: string): string;
  numPic?(id: string): string;
  nsid?(value: string): string;
  footnote?(id: string): string;
  endnote?(id: string): string;
  comment?(id: string): string;
  /** A note or comment definition at the top of its part: its new id, or null to drop it. */
  noteDef?(id: string, type: string | undefined): string | null;
  annId?(id: string): string;
  bookmark?(name: string): string;
  fieldCode?(code: string): string;
  docPrId?(): string;
  styleId?(id: string): string;
  styleName?(name: string): string;
  dropDefault?: boolean;
  /** Injected as pStyle into paragraphs that have none. */
  defaultPStyle?: string | null;
  sectPr?(s: SectPrCapture): string;
  /** Drop theme colour references where the resolved colour is written too (w:val / w:color / w:fill). */
  resolveThemeColors?: boolean;
  /** A paragraph id (w14:paraId) made unique in the merged document; without it paraIds are dropped. */
  paraId?(id: string): string;
  /** A theme font reference ('minorHAnsi') as an explicit font name, or null to keep the reference. */
  themeFont?(ref: string): string | null;
}

export type RewriteMode = 'whole' | 'body' | 'notes' | 'fragment';

export interface RewriteOptions {
  mode: RewriteMode;
  hooks: RewriteHooks;
  /** Namespace scope of a fragment (its part's root declarations). */
  scope?: Map<string, string>;
  stripParaIds?: boolean;
  /** Declarations added to each emitted top-level element (prefixes bound differently in the merged root). */
  extraDecls?: string;
}

export interface RewriteResult {
  xml: string;
  rootName: string;
  rootAttrs: Record<string, string>;
  /** Body mode: the rebuilt final sectPr (or null when the body had none). */
  finalSectPr: string | null;
  /** Body mode: where a section break can go into the body's last paragraph (character offset in xml;
   * wrap: the paragraph has no pPr, so the sectPr must be wrapped in one), or null. */
  tailBreak: { at: number; wrap: boolean; prefix: string } | null;
}
