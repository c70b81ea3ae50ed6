import { wordFont } from './word-fonts';

test('PDF font names map to fonts Word and LibreOffice know', () => {
  expect(wordFont('ABCDEF+Helvetica-Bold')).toBe('Arial');
  expect(wordFont('ArialMT')).toBe('Arial');
  expect(wordFont('Times-Roman')).toBe('Times New Roman');
  expect(wordFont('TimesNewRomanPS-BoldItalicMT')).toBe('Times New Roman');
  // the free clones of the PostScript faces, as TeX and Ghostscript name them
  expect(wordFont('SFJRAW+NimbusRomNo9L-Regu')).toBe('Times New Roman');
  expect(wordFont('NimbusSanL-Bold')).toBe('Arial');
  expect(wordFont('NimbusMonL-Regu')).toBe('Courier New');
  expect(wordFont('TeXGyrePagella-Regular')).toBe('Palatino Linotype');
  expect(wordFont('URWPalladioL-Roma')).toBe('Palatino Linotype');
  expect(wordFont('CenturySchL-Roma')).toBe('Century');
  expect(wordFont('Courier')).toBe('Courier New');
  expect(wordFont('GHIJKL+Calibri-Bold')).toBe('Calibri');
  expect(wordFont('Georgia-Italic', 'serif')).toBe('Georgia');
  expect(wordFont('F1')).toBe('Arial');
  // embedded faces nobody has: by kind, never a wide sans for a book serif
  expect(wordFont('ACaslon-Regular', 'serif')).toBe('Times New Roman');
  expect(wordFont('P22Typewriter', 'monospace')).toBe('Courier New');
  expect(wordFont('BrandSans-Light', 'sans-serif')).toBe('Arial');
  // TeX's Computer Modern, which pdf.js often calls sans-serif: serif faces stay serif (a 2-column
  // article in Arial ran into its gutter and grew by a page)
  expect(wordFont('NWWPBD+CMR10', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('CMBX12', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('CMTI9', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('LMRoman10-Regular', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('CMSS10', 'serif')).toBe('Arial');
  expect(wordFont('CMTT10', 'serif')).toBe('Courier New');
  expect(wordFont('LMMonoLt10-Regular', 'sans-serif')).toBe('Courier New'); // was Arial
  // free faces whose flags give the wrong kind: by name (Linux Libertine had come out in Arial); a serif
  // wider than Times keeps the wider Arial the flags gave (Source Serif in Times ran its pages short)
  expect(wordFont('CFUQWY+LinLibertineT', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('JQYYGS+LinBiolinumTB', 'serif')).toBe('Arial');
  expect(wordFont('PEPEKL+BeraSansMono-Roman', 'sans-serif')).toBe('Courier New');
  expect(wordFont('Inconsolatazi4-Regular', 'sans-serif')).toBe('Courier New');
  expect(wordFont('STIXTwoText', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('DAAAAA+SourceSerifPro-Regular', 'sans-serif')).toBe('Arial');
  // Antykwa Półtawskiego, a Polish book face (mwcls' manual: in Arial its 10 pages ran to 12)
  expect(wordFont('WFSFQK+AntPoltSemiCond-Regular', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('BWFXGR+PLTypewriter10-Regular', 'serif')).toBe('Courier New');
  // TeXmacs's full names
  expect(wordFont('AAAAAZ+EuropeanComputerModern-RomanRegular10pt', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('EuropeanComputerModern-BoldExtended12pt', 'sans-serif')).toBe('Times New Roman');
  expect(wordFont('EuropeanComputerModernTypewriter-Regular10pt', 'sans-serif')).toBe('Courier New');
  expect(wordFont('EuropeanComputerModern-SansSerifRegular10pt', 'serif')).toBe('Arial');
  expect(wordFont('LMSans10-Regular', 'serif')).toBe('Arial');
});
