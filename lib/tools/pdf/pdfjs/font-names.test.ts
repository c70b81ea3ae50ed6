import { BOLD_NAME, ITALIC_NAME } from './font-names';

// The names pdf.js gives no weight or style for: a TeX manual's headings (NimbusRomNo9L-Medi, CMBX12) came out
// regular.
test.each([
  ['NimbusRomNo9L-Medi', true, false],
  ['NimbusRomNo9L-MediItal', true, true],
  ['NimbusRomNo9L-ReguItal', false, true],
  ['NimbusRomNo9L-Regu-Slant_167', false, true],
  ['URWGothicL-BookObli', false, true],
  ['URWBookmanL-DemiBoldItal', true, true],
  ['NimbusSanL-Bold', true, false],
  ['Helvetica-Oblique', false, true],
  ['Arial,BoldItalic', true, true],
  ['NimbusRomNo9L-Regu', false, false],
  ['Roboto-Medium', false, false],
  ['DS-Digital', false, false],
  ['CMBX12', true, false],
  ['CMB10', true, false],
  ['CMSSBX10', true, false],
  ['SFBX1200', true, false],
  ['CMTI10', false, true],
  ['CMSL10', false, true],
  ['CMBXTI10', true, true],
  ['CMMI10', false, true],
  ['SFTI1095', false, true],
  ['HelveticaNeueLTStd-Bd', true, false],
  ['HelveticaNeueLTStd-BdIt', true, true],
  ['C059-BdIta', true, true],
  ['C059-Italic', false, true],
  ['CMR10', false, false],
  ['CMSY10', false, false],
  ['CMTT10', false, false],
  ['CMSS10', false, false],
  ['SFRM1095', false, false],
  ['CMCSC10', false, false],
  ['CMEX10', false, false],
  ['Mediaeval', false, false],
])('%s: bold %s, italic %s', (name, bold, italic) => {
  expect(BOLD_NAME.test(name)).toBe(bold);
  expect(ITALIC_NAME.test(name)).toBe(italic);
});
