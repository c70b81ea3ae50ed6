// A table without rules whose cells are set from one top in two sizes (issue 19, twenty-fifth pass: SIL's
// Annapurna sheet, Word: an 8 pt feature name and its set number beside its 14 pt Devanagari glyphs, whose
// baseline is 4 pt lower). Too far apart for one baseline band, each piece was a line of its own and the
// glyphs came out on a line after their name, the table's rows broken in two.
import type { TextRun } from '../pdfjs/protocol';
import { buildLines } from './layout';
import { mergeBands } from './line-bands';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const run = (str: string, x: number, y: number, w: number, size: number, bold = false): TextRun =>
  textRun(str, x, y, w, { size, font: 'SourceSansPro-Regular', bold });

const texts = (runs: TextRun[]) => mergeBands(buildLines(runs)).map((l) => l.runs.map((r) => r.str).join('|'));

test("a row's 8 pt name and 14 pt glyphs set from one top are one line with tab stops", () => {
  const rows = texts([
    run('Tra alternate', 52, 325.7, 43.5, 8),
    run('set 4', 154, 325.7, 15.6, 8),
    run('tra tra', 220, 329.7, 30, 14),
    run('tra', 380, 329.7, 14, 14),
    run('Shra alternate', 52, 352.7, 47.8, 8),
    run('set 5', 154, 352.7, 15.6, 8),
    run('shra shra', 220, 356.7, 40, 14),
  ]);
  expect(rows).toEqual(['Tra alternate|set 4|tra tra|tra', 'Shra alternate|set 5|shra shra']);
});

test('a bold heading, a line of many words, or a line of two sizes beside a small line stays apart', () => {
  // a column's small line level with the top of a bold heading across the gutter
  expect(texts([run('Acknowledgements', 56, 694.8, 80, 9), run('Installing', 310, 700.4, 90, 14.3, true)])).toEqual([
    'Acknowledgements',
    'Installing',
  ]);
  // a line of many words (a column's text, not a cell)
  expect(
    texts([
      run('Gogolin:', 56, 694.8, 32, 9),
      run('The Java version has almost all the features of the other one', 310, 700.4, 240, 14.3),
    ]),
  ).toHaveLength(2);
  // a line already holding two sizes (an address beside a heading across the gutter)
  expect(
    texts([
      run('Gogolin:', 111.6, 694.8, 31.7, 9),
      run('latex@quantum-journal.org,', 182.5, 694.8, 105, 9),
      run('2 Sectioning', 307.6, 700.4, 80, 14.3),
    ]),
  ).toHaveLength(2);
});
