// pdf.js side of PDF to Word: a run's font, from pdf.js's font object and the font's PostScript name (plain JS,
// inlined into the pdf.js thread by worker-source.ts; the name patterns are shared with the tests).

/** Weights Word shows as bold, by names pdf.js does not flag: URW's clones of the PostScript faces (TeX's and
 *  Ghostscript's Times, Helvetica...) call their bold "Medi" (NimbusRomNo9L-Medi); Computer Modern and its
 *  EC / cm-super versions "bx", "b", "sx" (CMBX12, CMB10, SFBX1200, CMSSBX10); Adobe's short forms "-Bd". */
export const BOLD_NAME = /bold|black|heavy|semibold|demi|-medi(ital)?$|-bd(it)?$|^(cm|ec|sf)(bx|b\d|ssbx|sx|mib)/i;
/** Italic and oblique faces; URW's short forms ("ReguItal", "MediItal", "BookObli"), Computer Modern's and
 *  cm-super's italic, slanted and math italic (CMTI10, CMSL10, CMBXTI10, SFTI1000, CMMI10), and TeX's
 *  slanted roman ("-Regu-Slant_167"): for slanted faces italic is Word's nearest. */
export const ITALIC_NAME =
  /italic|oblique|(regu|medi|bold|demi|ligh|book)(ital|obli)$|slant|-(bd)?it$|,it$|^(cm|ec|sf)(ti|sl|bxti|bxsl|itt|ssi|si|mi\d|mib)/i;

export const FONTS_SOURCE = String.raw`
function fontInfo(page, fontName, styles) {
  let name = '';
  let bold = false;
  let italic = false;
  let generic = 'sans-serif';
  try {
    const f = page.commonObjs.get(fontName);
    if (f) {
      name = f.name || '';
      bold = !!(f.bold || f.black);
      italic = !!f.italic;
      if (f.fallbackName === 'serif' || f.fallbackName === 'monospace') generic = f.fallbackName;
    }
  } catch {}
  if (!name && styles[fontName]) name = styles[fontName].fontFamily || '';
  const plain = name.replace(/^[A-Z]{6}\+/, '');
  if (${BOLD_NAME}.test(plain)) bold = true;
  if (${ITALIC_NAME}.test(plain)) italic = true;
  return { name: plain, bold, italic, generic };
}
`;
