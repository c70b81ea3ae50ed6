// A hyphen at a line's end (issue 19, twenty-fourth pass: REVTeX's sample paper, dvips and Ghostscript) is
// read as a hyphenation, a soft hyphen joining the word's halves, unless it is the text's own: one left
// hanging before "and" ("center-, decimal- and right-aligned" had read "decimaland") or a compound's, where
// TeX breaks a word that has a hyphen in it ("full-page-" then "width" had read "full-pagewidth").
import { buildLines } from './layout';
import { paragraphs } from './line-paragraphs';
import { paragraph } from './paragraph';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { runsText, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const lines = [
  'This table illustrates left-, center-, decimal-',
  'and right-aligned columns, a word that is hyphen-',
  'ated at its end and a float of full-page-',
  'width set earlier in the document than its text; the right hand oper-',
  'and as a pattern.',
];

test("a line end's hyphen joins a word's halves, but not before 'and' nor in a compound", async () => {
  const runs = lines.map((t, i) => textRun(t, 72, 100 + 12 * i, 4.6 * t.length, { size: 10, eol: true }));
  const [p, ...rest] = paragraphs(buildLines(runs), { x: 72, y: 90, w: 240, h: 72 });
  expect(rest).toHaveLength(0);
  const text = runsText(await sectionsXml([{ children: [await paragraph(p, [], 72, 0)] }]));
  expect(text).toContain('center-, decimal- and right-aligned');
  expect(text).toContain('hyphen\u00adated at its end');
  expect(text).toContain('a float of full-page-width set earlier');
  expect(text).toContain('the right hand oper\u00adand as a pattern'); // (groff's "operand")
});
