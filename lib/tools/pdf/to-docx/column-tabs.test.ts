// A table set without rules (issue 19, twenty-second pass: xfig's reference by htmldoc, its key list: each
// key centred in its column, the descriptions at one x). A row whose key is long left a gap of 1.3 em before
// its description and was read as one line: in Word the description ran on right after the key, out of its
// column. A run after a gap of an em that starts where two other rows' second pieces start gets a tab stop.
import { execFileSync } from 'node:child_process';
import type { PageData } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { readBackSections, sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const key = (str: string, x: number, y: number, w: number) =>
  textRun(str, x, y, w, { size: 11, font: 'Courier-Bold', generic: 'monospace', bold: true });
const prose = (str: string, x: number, y: number, w: number) =>
  textRun(str, x, y, w, { size: 11, font: 'Times-Roman' });

function keyList(): PageData {
  const runs = [
    prose('The following editing facilities are available:', 108, 420, 200),
    key('<DEL>', 121.1, 450, 33),
    textRun('or', 156.8, 450, 10.4, { size: 11, font: 'Times-Bold', bold: true }),
    key('Control-D', 169.9, 450, 59.4),
    prose('Delete a character to the right of the cursor.', 243.8, 450, 191.5),
    key('Control-X', 145.5, 466.1, 59.4),
    prose('Delete all the characters to the left of the cursor.', 243.8, 466.1, 212),
    key('Control-K', 145.5, 482.2, 59.4),
    prose('Delete all the characters to the right of the cursor.', 243.8, 482.2, 218.1),
    // a list item whose words start an em after its bullet, its wrapped line under them: no tab
    prose('\u2022', 108, 520, 4),
    prose('An item of a list whose text is long enough to wrap onto a second line under', 119, 520, 410),
    prose('its first word, as lists are set, and it goes on to its end here.', 119, 533.2, 300),
  ];
  return { width: 612, height: 792, runs, images: [], segments: [], fills: [], links: [] };
}

test('a long key row of a table without rules puts its description at its column', async () => {
  const sections = await pageSections(keyList(), true);
  const paras = (await sectionsXml(sections)).split('<w:p>');
  const row = paras.find((p) => p.includes('Delete a character')) ?? '';
  expect(row).toMatch(/<w:tab\/><w:t[^>]*>Delete a character/);
  const item = paras.find((p) => p.includes('An item of a list')) ?? '';
  expect(item).toContain('its first word');
  expect(item).not.toContain('<w:tab/>');
  await readBackSections(sections, (pdf) => {
    const box = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
    const xs = [...box.matchAll(/xMin="([\d.]+)"[^>]*>Delete</g)].map((m) => Number(m[1]));
    expect(xs).toHaveLength(3);
    for (const x of xs) expect(Math.abs(x - 243.8)).toBeLessThan(3);
  });
}, 120_000);
