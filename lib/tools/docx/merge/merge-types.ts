// The per-document state of a Word merge (one DocCtx per input), shared by merge.ts and its part modules.
import type { SourcePackage } from '@/lib/office/source-package';
import type { RewriteHooks } from './rewriter';
import type { StyleTable } from './styles';
import type { ThemeFonts } from './parts';

export interface MergeInput {
  path: string;
  name: string;
}

export interface DocCtx {
  k: number;
  src: SourcePackage;
  fileName: string;
  main: string;
  parts: Record<
    'styles' | 'numbering' | 'footnotes' | 'endnotes' | 'comments' | 'settings' | 'fontTable' | 'commentsExtended',
    string | null
  >;
  evenOdd: boolean;
  styles: StyleTable | null;
  styleMap: Map<string, string>;
  numMap: Map<string, string>;
  absMap: Map<string, string>;
  picMap: Map<string, string>;
  fnMap: Map<string, string>;
  enMap: Map<string, string>;
  cmMap: Map<string, string>;
  bookmarks: Map<string, string>;
  annOffset: number;
  defaultPStyle: string | null;
  partMap: Map<string, string | null>;
  relMemo: Map<string, Map<string, string>>;
  sectIndex: number;
  hooks: RewriteHooks;
  /** The document's defaults (font size, spacing) or theme fonts differ from the merged package's. */
  defaultsDiffer: boolean;
  themeFonts: ThemeFonts | null;
  paraMap: Map<string, string>;
  /** The document's theme colour scheme differs from the merged package's. */
  colorsDiffer: boolean;
}
