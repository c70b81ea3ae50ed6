// Word sets text in half points: a browser's 14.4 px (10.8 pt) text is 11 pt there, 1.9 % wider, and a line
// as wide as its page's text area wrapped (python-policy printed by Chrome: its first page ran over by a line,
// every page after it one behind). fitSpacing() measures the substitute at the size Word sets. A face kept by
// its name (DejaVu Sans: Chrome's print where Liberation is missing; Georgia, Calibri) has no widths here: it
// is the PDF's own face, so its width at Word's size is the PDF's scaled (it was left as it was, and the
// DejaVu print ran to 12 Word pages for 10).
import { fitSpacing } from './paragraph';
import type { Line } from './layout';
import type { Para } from './line-paragraphs';
import { substituteWidth } from './metrics';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const TEXT = 'A copy of the GNU General Public License version 2 is available in the Debian system';

async function para(size: number, font = 'LiberationSans'): Promise<Para> {
  // the PDF's own width: the same face (Helvetica = Arial's metrics) at the PDF's size
  const w = (await substituteWidth(TEXT, 'Arial', size, false, false))!;
  const run = textRun(TEXT, 50, 100, w, { size, font, generic: 'sans-serif' });
  const line: Line = { x: 50, y: 100 - size, w, h: size * 1.2, runs: [run], baseline: 100, size };
  return { lines: [line], align: 'left', left: 50, firstLine: 0, top: line.y, bottom: 100, lineGap: size * 1.2 };
}

test('a line of 10.8 pt text is condensed by what 11 pt takes more', async () => {
  const spacing = await fitSpacing(await para(10.8));
  // 1.85 % of the line's width spread over its characters: about a twip each
  expect(spacing).toBeLessThan(0);
  expect(spacing).toBeGreaterThanOrEqual(-3);
});

test('text at a size Word can set, or rounded down, is left as it is', async () => {
  expect(Math.abs(await fitSpacing(await para(11)))).toBe(0);
  expect(Math.abs(await fitSpacing(await para(9.6)))).toBe(0); // 9.5 pt in Word: narrower
});

test('a face kept by its name is condensed by its own width at the size Word sets', async () => {
  for (const font of ['DejaVuSans', 'Georgia', 'Calibri']) {
    const spacing = await fitSpacing(await para(10.8, font));
    expect(spacing).toBeLessThan(0);
    expect(spacing).toBeGreaterThanOrEqual(-3);
    expect(Math.abs(await fitSpacing(await para(11, font)))).toBe(0);
  }
});

test("a paragraph's short last line has room to grow before it condenses the paragraph", async () => {
  // gri's manual: CMR prose with cmtt commands set in Courier New, wider than cmtt; the last line is the
  // widest in its substitute but ends far short of the measure
  const line = (runs: [string, number, number, string][], y: number): Line => {
    const rs = runs.map(([str, x, w, font]) => textRun(str, x, y, w, { size: 10.9, font }));
    const x2 = Math.max(...rs.map((r) => r.x + r.w));
    return { x: rs[0].x, y: y - 10.9, w: x2 - rs[0].x, h: 13, runs: rs, baseline: y, size: 10.9 };
  };
  const first = line(
    [
      ['Axes are linear by default; to make logarithmic axes, use commands', 90, 332.1, 'CMR10'],
      ['set x type log', 426.3, 73.9, 'CMTT10'],
      ['and', 504.4, 17.6, 'CMR10'],
    ],
    596.2,
  );
  const last = line(
    [
      ['set y type log', 90, 73.9, 'CMTT10'],
      ['.', 163.9, 3, 'CMR10'],
    ],
    608.1,
  );
  const p: Para = { lines: [first, last], align: 'left', left: 90, firstLine: 0, top: 585, bottom: 608, lineGap: 11.9 };
  expect(Math.abs(await fitSpacing(p))).toBe(0);
  // the same last line as a paragraph of its own has no room to spare: it is condensed
  expect(await fitSpacing({ ...p, lines: [last] })).toBeLessThan(-20);
});

// PARI's reference card (twenty-fourth pass): a row's description in CMR, its command at a tab stop in cmtt
// set in Courier New, wider. Measured as one line, the Times words' spare room hid the command's overflow,
// and the command wrapped past the column's edge; and a "∗" Arial cannot measure here left the whole row
// unmeasured.
test("a piece after a tab stop is condensed to fit the room to the column's edge", async () => {
  const y = 200;
  const runs = [
    textRun('one sol of M', 572, y, 44, { size: 8, font: 'CMR8' }),
    textRun('∗', 618, y, 4, { size: 8, font: 'CMSY8' }),
    textRun('X = B', 624, y, 21, { size: 8, font: 'CMR8' }),
    textRun('matinverseimage(M, B)', 652.6, y, 86.4, { size: 8, font: 'CMTT8' }),
  ];
  const line: Line = { x: 572, y: y - 8, w: 167, h: 10, runs, baseline: y, size: 8, tabRuns: new Set([runs[3]]) };
  const p: Para = { lines: [line], align: 'left', left: 572, firstLine: 0, top: y - 8, bottom: y + 2, lineGap: 9.6 };
  // Courier New takes 0.6 em a letter: 21 letters are 100.8 pt where the PDF has 86.4
  const tabbed = await fitSpacing(p);
  expect(tabbed).toBeLessThan(-12);
  // the same row without its tab stop: the words before give their room to the command, less is taken
  expect(await fitSpacing({ ...p, lines: [{ ...line, tabRuns: undefined }] })).toBeGreaterThan(tabbed);
});
