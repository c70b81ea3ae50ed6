// A slide whose text boxes overlap in the flow (issue 19, tenth pass: LibreOffice's exports of PowerPoint
// decks; a title's second line printed over the first bullet, a panel's text running past its box onto the
// next one): each box pushed the next down by a line or two and the slide ran onto another Word page. A
// slide (a landscape page, its content positioned boxes, no room below) is laid out in bands, each framed
// at its place, from a push of 4 % of its height; a portrait page keeps its flow up to 15 % as before.
import type { PageData, TextRun } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

/** A slide's title, logo and bullets as an office suite exports them (LibreOffice 7.4, a PowerPoint deck: 24 pt
 * title, 16 and 14 pt bullets set 17-27 pt apart), on a page of `width` x `height`. */
function boxes(width: number, height: number): PageData {
  const rows: [number, number, number, number, string][] = [
    [42, 44, 532, 24, 'OUR TALENT APPROACH - WHY WE DO WHAT WE DO'],
    [44, 68, 6, 16, '•'],
    [71, 71, 527, 16, 'We believe that growing our business goes hand in hand with growing our people'],
    [76, 88, 8, 14, '–'],
    [99, 91, 560, 14, 'Achieving the ambition and our talent plan demands that across the company we build'],
    [99, 107, 451, 14, 'talent in greater volume and with greater consistency than ever before.'],
    [44, 146, 6, 16, '•'],
    [71, 149, 247, 16, 'We are guided by our talent principles'],
    [80, 167, 8, 14, '–'],
    [
      102,
      169,
      539,
      14,
      'Bringing these to life will make the company a special place to work for everyone, liberating',
    ],
    [102, 186, 165, 14, 'people to do their best work.'],
    [80, 203, 8, 14, '–'],
    [
      102,
      205,
      553,
      14,
      'Based on a fundamentally positive view of what human beings are capable of, a reflection of our',
    ],
    [102, 222, 273, 14, 'purpose to celebrate life every day, everywhere.'],
    [80, 239, 8, 14, '–'],
    [102, 242, 552, 14, 'We believe everyone has a unique set of talents; we should help them understand and make the'],
    [102, 258, 80, 14, 'most of them.'],
    [80, 276, 8, 14, '–'],
    [
      102,
      278,
      580,
      14,
      'We believe in leveraging strengths and that everyone deserves transparent feedback focussed on their',
    ],
    [102, 295, 241, 14, 'growth and what is possible in their future.'],
    [44, 334, 6, 16, '•'],
    [71, 336, 598, 16, 'Maximising the strength of our talent base starts with knowing our people, a key enabler of'],
    [71, 356, 260, 16, 'this is a consistent talent review process'],
  ];
  const runs: TextRun[] = rows.map(([x, y, w, size, str]) =>
    textRun(str, x, y, w, { size, font: 'Carlito', generic: 'sans-serif', eol: true }),
  );
  // the company's logo at the title's right
  const logo = {
    x: 612,
    y: 27,
    w: 102,
    h: 20,
    raw: { width: 20, height: 4, channels: 3 as const, data: new Uint8Array(240) },
  };
  return { width, height, runs, images: [logo], segments: [], fills: [], links: [] };
}

const framed = (xml: string) => (xml.match(/<w:framePr /g) ?? []).length;

test('a slide whose boxes overlap in the flow is laid out in framed bands', async () => {
  expect(framed(await sectionsXml(await pageSections(boxes(720, 405), true)))).toBeGreaterThanOrEqual(7);
});

test('a portrait page with the same overlap keeps its flow', async () => {
  expect(framed(await sectionsXml(await pageSections(boxes(740, 1000), true)))).toBe(0);
});
