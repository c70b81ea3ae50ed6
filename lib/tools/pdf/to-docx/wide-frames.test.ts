// A framed line as wide as the text area (issue 19, tenth pass: the last two lines of a web page's first
// page, framed as its foot): its frame, 1.3 times the line's width, was wider than the page, and LibreOffice
// moved it back onto the page at its left edge, 50 pt left of where the PDF has the lines. The frame now
// ends at the page's right edge; a short line's keeps its slack.
import type { PageData, TextRun } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

test('a framed line as wide as the text area keeps its frame on the page', async () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 30; i++)
    runs.push(
      textRun(`Line ${i + 1} of the body, long enough to read as prose in a paragraph.`, 50, 90 + 16 * i, 400, {
        size: 11,
        eol: true,
      }),
    );
  // two lines at the page's foot, 2 em under the body, as wide as the text area
  const wide = 'Debian has previously supported two Python stacks, one for Python 3 and one for Python 2. The goal';
  runs.push(textRun(wide, 50, 740, 510, { size: 11, eol: true }));
  runs.push(textRun('is to reduce this to one stack.', 50, 754, 150, { size: 11, eol: true }));
  const page: PageData = { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
  const xml = await sectionsXml(await pageSections(page, true));
  const frames = [...xml.matchAll(/<w:framePr w:w="(\d+)" w:x="(\d+)"/g)].map((m) => ({ w: +m[1], x: +m[2] }));
  expect(frames.length).toBeGreaterThanOrEqual(1);
  for (const f of frames) expect(f.x + f.w).toBeLessThanOrEqual(612 * 20);
  // the wide line's frame is still wider than the line
  expect(Math.max(...frames.map((f) => f.w))).toBeGreaterThan(510 * 20);
});
