// Lines from text runs (issue 19; corpus freeculture p. 18-29 came out 14 Word pages for 12): a raised
// footnote mark read before the words after it (its baseline is higher, and the words' baseline a hair
// above the line's start) made two lines on one baseline, which Word set as two lines.
import type { TextRun } from '../pdfjs/protocol';
import { buildLines } from './layout';
import { paragraphs } from './line-paragraphs';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const run = (str: string, x: number, y: number, w: number, size = 10.5): TextRun =>
  textRun(str, x, y, w, { size, font: 'ACaslon-Regular' });

test('a footnote mark inside a line, read before the words after it, keeps the line one line', () => {
  const lines = buildLines([
    run('granting them exclusive rights to their creative work, so that they could', 48.2, 261.7, 294),
    run('sell those exclusive rights in a commercial marketplace.', 48.2, 276.21, 229),
    run('8 ', 277.2, 272.8, 5.3, 6.9),
    run('This is also, of', 282.5, 276.19, 59.7),
    run('course, an important part of creativity and culture, and it has become', 48.2, 290.7, 294),
  ]);
  expect(lines).toHaveLength(3);
  expect(lines[1].runs.map((r) => r.str)).toEqual([
    'sell those exclusive rights in a commercial marketplace.',
    '8 ',
    'This is also, of',
  ]);
  expect(lines[1].runs[1].script).toBe('super');
  expect(lines[1].x).toBeCloseTo(48.2);
});

test('two columns on one baseline stay two lines', () => {
  const lines = buildLines([
    run('end of a left column line', 48, 300, 200),
    run('start of the right column', 268, 300, 200),
  ]);
  expect(lines).toHaveLength(2);
});

test('a ragged paragraph set narrower than its area keeps its measure (a right indent); a full one does not', () => {
  const region = { x: 72, y: 72, w: 468, h: 600 };
  const narrow = buildLines([
    run('Graphite features are used by the Graphite engine to render the proper', 72, 100, 360),
    run('shaping of Devanagari characters. However, some applications let the', 72, 114, 352),
    run('user control which features to use.', 72, 128, 170),
  ]);
  const [p] = paragraphs(narrow, region);
  expect(p.lines).toHaveLength(3);
  // 468 - 360 = 108 pt short of the area's edge: the measure is kept, with an em of slack
  expect(p.right).toBeCloseTo(108 - 10.5, 0);
  const full = buildLines([
    run('A line that runs to the right edge of the text area of its page, as most do', 72, 100, 466),
    run('and the last line of the paragraph.', 72, 114, 170),
  ]);
  expect(paragraphs(full, region)[0].right).toBeUndefined();
});

test('code in a typewriter face after a line of prose starts its own paragraph', () => {
  const region = { x: 72, y: 72, w: 468, h: 600 };
  const code = (str: string, x: number, y: number, w: number) => ({ ...run(str, x, y, w), font: 'LMMonoLt10-Regular' });
  const lines = buildLines([
    run('The tempo indication and metronome mark can be set with the command:', 86, 162.6, 420),
    code('\\relative {', 100.8, 178.5, 63),
    code('\\time 3/4', 112.3, 191.7, 52),
  ]);
  expect(paragraphs(lines, region).map((p) => p.lines.length)).toEqual([1, 1, 1]); // was [2, 1]
});

test('list items whose bullet glyph is a text item of its own stay one paragraph each', () => {
  // SIL's Andika history (made with cairo): "◦" and the item's words are two items, 12.6 pt apart; the
  // list's block is as wide as its longest items, so these reach its right edge as a wrapped line would
  const region = { x: 135, y: 250, w: 265, h: 40 };
  const item = (y: number, text: string, w: number) => [run('◦', 135, y, 3.2), run(text, 140, y, w)];
  const lines = buildLines([
    ...item(260, 'U+1DF09 LATIN SMALL LETTER T WITH HOOK AND RETROFLEX HOOK', 258),
    ...item(272.6, 'U+1DF0A LATIN LETTER RETROFLEX CLICK WITH RETROFLEX HOOK', 255),
    ...item(285.2, 'U+1DF0B LATIN SMALL LETTER ESH WITH DOUBLE BAR', 221),
  ]);
  expect(lines.map((l) => l.runs[0].str)).toEqual(['◦', '◦', '◦']);
  expect(paragraphs(lines, region).map((p) => p.lines.length)).toEqual([1, 1, 1]); // was [3]
});

test('a line of body text set close under a title is a line of its own, not a subscript of the title', () => {
  // SIL's Abyssinica features (Word): a 28 pt title, the first paragraph's line 13.6 pt under its baseline
  const title = textRun('Abyssinica SIL Features', 45, 64, 272, { size: 28, font: 'Calibri-Light' });
  const body = textRun(
    'The Ethiopic script does not require much rendering except for some combining marks for gemination.',
    45,
    77.6,
    640,
    { size: 11, font: 'Calibri' },
  );
  const lines = buildLines([title, body]);
  expect(lines.map((l) => l.runs.map((r) => r.str))).toEqual([[title.str], [body.str]]);
  expect(body.script).toBeUndefined();
  // a mark read before its line still joins it
  const mark = textRun('2', 319, 56, 4, { size: 16, font: 'Calibri-Light' });
  const withMark = buildLines([mark, { ...title, script: undefined }]);
  expect(withMark).toHaveLength(1);
  expect(mark.script).toBe('super');
});

test('a bold heading ends where the text under it starts in another face; a bold lead-in of the same face does not', () => {
  // Abyssinica's type sample (Acrobat Distiller): the heading reaches far enough right to pass for a wrapped
  // line, and its first word would not have fitted after it; pdf.js calls both faces sans-serif (Word: Arial)
  const region = { x: 46.8, y: 280, w: 516, h: 200 };
  const heading = textRun('C1 Controls and Latin-1 Supplement', 46.8, 302.2, 414.7, {
    size: 24,
    font: 'Arial-BoldMT',
    generic: 'sans-serif',
    bold: true,
  });
  const glyphs = (str: string, x: number, y: number, w: number) =>
    textRun(str, x, y, w, { size: 24, font: 'AbyssinicaSIL-Regular', generic: 'sans-serif' });
  const sample = paragraphs(
    buildLines([
      heading,
      glyphs('¡¢£¤¥¦§¨©ª«¬', 57.6, 334.1, 163.9),
      glyphs('®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅ', 229.1, 334.1, 326),
      glyphs('ÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèé', 46.8, 365.9, 516),
    ]),
    region,
  );
  expect(sample.map((p) => p.lines.length)).toEqual([1, 2]);
  // the same heading's face in regular after it: a lead-in that runs on
  const leadIn = paragraphs(
    buildLines([
      heading,
      { ...heading, str: 'and the rest of the sentence', y: 334.1, w: 300, bold: false, font: 'Arial' },
    ]),
    region,
  );
  expect(leadIn.map((p) => p.lines.length)).toEqual([2]);
});

test('a numbered item whose number is a text item of its own starts a paragraph; a sentence line starting "12." does not', () => {
  // xfig's manual (htmldoc): "1." right of the list's indent, the item's words 11 pt on, each item one line
  // ending short of the region's edge in the source but long enough to pass for a wrapped line
  const region = { x: 108, y: 250, w: 451, h: 80 };
  const item = (n: string, y: number, text: string, w: number) => [run(n, 169, y, 8.3, 11), run(text, 180, y, w, 11)];
  const lines = buildLines([
    ...item('1.', 267, "Click mouse button 2 (`center point') at the center of the arc radius", 292.8),
    ...item('2.', 280.2, "Click mouse button 1 (`first point') to define one end-point of the arc", 302.6),
    ...item('3.', 293.4, "Click mouse button 1 (`mid angle') again to define direction of the arc", 305),
    ...item('4.', 306.6, "Click mouse button 1 (`final angle') a final time to define the ending angle", 379),
  ]);
  const items = paragraphs(lines, region);
  expect(items.map((p) => p.lines.length)).toEqual([1, 1, 1, 1]); // was [4]
  // each item starts at the list's indent, none centred for sitting mid-region (items 2 and 3 were)
  expect(items.map((p) => [p.align, p.left])).toEqual(Array(4).fill(['left', 169]));
  // a wrapped sentence whose next line starts with a number of its own ("12.") runs on
  const sentence = paragraphs(
    buildLines([
      run('The meeting moved from the eleventh of May to the', 108, 400, 440, 11),
      run('12.', 108, 413.2, 12, 11),
      run('and nobody came to it at all.', 124, 413.2, 120, 11),
    ]),
    region,
  );
  expect(sentence.map((p) => p.lines.length)).toEqual([2]);
});

test('an indented line under a line that had room for its first word starts a paragraph; a hanging item does not', () => {
  // xfig's guide (dvips, Ghostscript): a paragraph's one line ends 74 pt short of the measure, the next
  // paragraph starts 15 pt in; it hung from that indent, joined to the line before it
  const region = { x: 82.8, y: 330, w: 450, h: 60 };
  const tex = paragraphs(
    buildLines([
      run(
        'There are basically two types of drawing programs in this world: bitmap and vector programs.',
        82.8,
        344.3,
        375.5,
        10,
      ),
      run(
        'Paint programs, such as XPaint, work with bitmaps, which are groups of pixels. The drawing program lays',
        97.8,
        356.3,
        435,
        10,
      ),
      run(
        'down and manipulates individual pixels in various ways. Paint programs have their uses, but it is',
        82.8,
        368.3,
        450,
        10,
      ),
    ]),
    region,
  );
  expect(tex.map((p) => p.lines.length)).toEqual([1, 2]); // was [2, 1]
  // a description list's term and its text (bacula's manual): the next line starts under the text, and the
  // first line is full
  const item = paragraphs(
    buildLines([
      run('enabled', 72, 75.9, 34, 10),
      run('This keyword can appear on the update volume as well as the update slots commands, and', 107, 75.9, 433, 10),
      run(
        'can allows one of the following arguments: yes, true, no, false, archived, 0, 1, 2. Where 0',
        107,
        87.9,
        433,
        10,
      ),
    ]),
    { x: 72, y: 60, w: 490, h: 40 },
  );
  expect(item.map((p) => p.lines.length)).toEqual([2]);
});

test('a centred title over a longer centred line is its own paragraph; a wrapped centred paragraph is one', () => {
  // groff's mom: "Chapter 1" (bold) centred over "The Bonny Blue Yonder" (bold italic, 1 pt smaller); joined,
  // LibreOffice set "Chapter 1 The" on the first line
  const region = { x: 219.2, y: 240, w: 173.6, h: 60 };
  const title = paragraphs(
    buildLines([run('Chapter 1', 266.2, 264, 79.6, 18.5), run('The Bonny Blue Yonder', 219.2, 288.2, 173.6, 17.5)]),
    region,
  );
  expect(title.map((p) => p.lines.length)).toEqual([1, 1]); // was [2]
  // a centred paragraph wrapped at its measure: the next line's first word would not have fitted
  const wrapped = paragraphs(
    buildLines([
      run('The Psychological and Auditory Impact of', 150, 300, 300, 12),
      run('Serial Music', 265, 314, 70, 12),
    ]),
    { x: 150, y: 280, w: 300, h: 60 },
  );
  expect(wrapped.map((p) => p.lines.length)).toEqual([2]);
});

test("a footnote's mark against its first word starts a paragraph", () => {
  // groff's mom: two footnotes in a column, "*" and "†" set against their first words; the first one's line
  // reached near the column's edge and the second footnote ran on after it
  const region = { x: 72, y: 690, w: 234, h: 40 };
  const notes = paragraphs(
    buildLines([
      run('*Clita ipsum dolor sit amet, consetetur sadipscing elitr ut labore.', 72, 700.2, 200, 8),
      run('\u2020Sadipscing diam nonumy eirmod tempor invidunt ut labore et dolore', 72, 710.2, 234, 8),
      run('magna aliquyam erat, sed diam voluptua.', 72, 720.2, 131.6, 8),
    ]),
    region,
  );
  expect(notes.map((p) => p.lines.length)).toEqual([1, 2]); // was [3]
});
