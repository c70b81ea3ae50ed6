// Qt (wkhtmltopdf) prints a heading's number twice, a white copy half a point below the dark one, and its
// font's space reads as a tab: the dark copy "2.2.\t" was not taken for the white "2.2." (text-source.ts
// dropRepeatedText compared them with their white space), so the white copy stood on the heading's tinted
// bar, which was then not drawn (light text on it), and "3. 3. Python Packaging" read in the heading.
import { TEXT_SOURCE } from './text-source';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

// (the pdf.js thread's function, as worker-source.ts inlines it)
const dropRepeatedText = new Function(`${TEXT_SOURCE}; return dropRepeatedText;`)() as (runs: unknown[]) => void;

test("a copy is a copy whether or not it ends in the other's white space", () => {
  const runs = [
    textRun('2.2.', 32.8, 22.4, 20, { size: 9.8, color: '#ffffff' }),
    textRun('2.2.\t', 32.8, 21.9, 21.8, { size: 9.8, color: '#212224' }),
    textRun('Unversioned python commands', 54.6, 21.9, 150, { size: 9.8, color: '#212224' }),
    // the same number elsewhere on the page is no copy
    textRun('2.2.', 32.8, 400, 20, { size: 9.8, color: '#212224' }),
  ];
  dropRepeatedText(runs);
  expect(runs.map((r) => [(r as { str: string }).str.trim(), (r as { color: string }).color])).toEqual([
    ['2.2.', '#212224'],
    ['Unversioned python commands', '#212224'],
    ['2.2.', '#212224'],
  ]);
});
