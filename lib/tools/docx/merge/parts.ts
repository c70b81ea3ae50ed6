// Word merge constants and small helpers: content and relationship types, schema orders the merge must
// respect, theme fonts/colours of a document, bounded parallel loading.

export const RT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export { WML } from '@/lib/office/opc';
export const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const relIs = (type: string, kind: string) => type.endsWith(`/${kind}`);

/** Settings children that come after evenAndOddHeaders (CT_Settings order), to insert it in place. */
export const AFTER_EVEN_ODD = new Set([
  'bookFoldRevPrinting',
  'bookFoldPrinting',
  'bookFoldPrintingSheets',
  'drawingGridHorizontalSpacing',
  'drawingGridVerticalSpacing',
  'displayHorizontalDrawingGridEvery',
  'displayVerticalDrawingGridEvery',
  'doNotUseMarginsForDrawingGridOrigin',
  'drawingGridHorizontalOrigin',
  'drawingGridVerticalOrigin',
  'doNotShadeFormData',
  'noPunctuationKerning',
  'characterSpacingControl',
  'printTwoOnOne',
  'strictFirstAndLastChars',
  'noLineBreaksAfter',
  'noLineBreaksBefore',
  'savePreviewPicture',
  'doNotValidateAgainstSchema',
  'saveInvalidXml',
  'ignoreMixedContent',
  'alwaysShowPlaceholderText',
  'doNotDemarcateInvalidXml',
  'saveXmlDataOnly',
  'useXSLTWhenSaving',
  'saveThroughXslt',
  'showXMLTags',
  'alwaysMergeEmptyNamespace',
  'updateFields',
  'hdrShapeDefaults',
  'footnotePr',
  'endnotePr',
  'compat',
  'docVars',
  'rsids',
  'mathPr',
  'attachedSchema',
  'themeFontLang',
  'clrSchemeMapping',
  'doNotIncludeSubdocsInStats',
  'doNotAutoCompressPictures',
  'forceUpgrade',
  'captions',
  'readModeInkLockDown',
  'smartTagType',
  'schemaLibrary',
  'shapeDefaults',
  'doNotEmbedSmartTags',
  'decimalSymbol',
  'listSeparator',
]);
/** sectPr children that precede w:type. */
export const BEFORE_TYPE = new Set(['headerReference', 'footerReference', 'footnotePr', 'endnotePr']);

export type ThemeFonts = Record<string, string>;

/** Theme font names by reference: minorHAnsi/minorAscii → minor latin, minorEastAsia → ea, minorBidi → cs. */
export function readThemeFonts(xml: string | undefined): ThemeFonts | null {
  if (!xml) return null;
  const out: ThemeFonts = {};
  for (const kind of ['major', 'minor']) {
    const block =
      new RegExp(`<(?:[\\w.-]+:)?${kind}Font>([\\s\\S]*?)</(?:[\\w.-]+:)?${kind}Font>`).exec(xml)?.[1] ?? '';
    const face = (el: string) => new RegExp(`<(?:[\\w.-]+:)?${el}\\b[^>]*\\stypeface="([^"]*)"`).exec(block)?.[1] ?? '';
    const latin = face('latin');
    if (latin) {
      out[`${kind}Ascii`] = latin;
      out[`${kind}HAnsi`] = latin;
    }
    if (face('ea')) out[`${kind}EastAsia`] = face('ea');
    if (face('cs')) out[`${kind}Bidi`] = face('cs');
  }
  return out;
}

/** The colour scheme of a theme, whitespace removed, for comparing two documents' themes ('' if none). */
export function readThemeColours(xml: string | undefined): string {
  return (
    /<(?:[\w.-]+:)?clrScheme\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?clrScheme>/.exec(xml ?? '')?.[1].replace(/\s+/g, '') ?? ''
  );
}

export async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  const worker = async () => {
    while (i < items.length) await fn(items[i++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
