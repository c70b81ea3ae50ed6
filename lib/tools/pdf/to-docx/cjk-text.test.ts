// Japanese text (issue 19, twentieth pass: AMC's Japanese guide, XeLaTeX with IPAex fonts). pdf.js calls the
// fixed-pitch IPAex Mincho "monospace": a line wholly in it counted as code, and a paragraph breaks where code
// meets prose, so a list item's lines came apart; and a space went in wherever a line end or a narrow gap met
// Japanese ("（通 常の"). Lines came out wider than their source and the guide's 10 pages became 11.
import type { TextRun } from '../pdfjs/protocol';
import { buildLines } from './layout';
import { paragraphs } from './line-paragraphs';
import { paragraph } from './paragraph';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { runsText, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const mincho = (str: string, x: number, y: number, w: number): TextRun =>
  textRun(str, x, y, w, { size: 10, font: 'IPAexMincho', generic: 'monospace' });
const mono = (str: string, x: number, y: number, w: number): TextRun =>
  textRun(str, x, y, w, { size: 10, font: 'DejaVuSansMono', generic: 'monospace' });
const serif = (str: string, x: number, y: number, w: number): TextRun =>
  textRun(str, x, y, w, { size: 10, font: 'DejaVuSerif', generic: 'serif' });

/** The runs of a two-line list item as pdf.js gives them (positions from the guide's page 17). */
const item = (): TextRun[] => [
  serif('•', 56.7, 513.7, 5.9),
  mono('digits', 67.6, 513.7, 36),
  serif(':', 103.5, 513.7, 3.4),
  mono('separateanswersheet', 111.2, 513.7, 114),
  mincho('オプションを用いる場合に、', 226.8, 513.7, 129.7), // 0.16 em after
  mono('digits', 358.1, 513.7, 36),
  mincho('オプションにより選択肢を（デフォル', 397.3, 513.7, 169.7), // after xeCJK's glue for a space, 0.32 em
  mincho('ト）のアルファベットではなく数字で識別します。', 67.6, 525.7, 229.1),
];
const REGION = { x: 56.7, y: 500, w: 510.3, h: 40 };

test('the lines of a Japanese list item are one paragraph, though its font is fixed-pitch', () => {
  const paras = paragraphs(buildLines(item()), REGION);
  expect(paras).toHaveLength(1);
  expect(paras[0].lines).toHaveLength(2);
});

test('no space goes in where Japanese meets a narrow gap or a line end; the glue set for a space gets one', async () => {
  const [p] = paragraphs(buildLines(item()), REGION);
  const xml = await sectionsXml([{ children: [await paragraph(p, [], 56.7, 0)] }]);
  const text = runsText(xml);
  expect(text).toContain(
    'separateanswersheetオプションを用いる場合に、digits オプションにより選択肢を（デフォルト）の',
  );
  expect(text).toContain('digits: separateanswersheet'); // Latin after Latin: the space it had
  // TeX's ⟨ ⟩ come as the CJK angle brackets: English around them keeps its spaces
  const [meta] = paragraphs(
    buildLines([serif('The', 72, 300, 15), serif('〈pin-num〉', 90.3, 300, 45), serif('is a number.', 138.6, 300, 50)]),
    REGION,
  );
  const metaXml = await sectionsXml([{ children: [await paragraph(meta, [], 56.7, 0)] }]);
  expect(runsText(metaXml)).toBe('The 〈pin-num〉 is a number.');
});
