// Bullets drawn as small images beside their lines (issue 19, sixth pass: htmldoc's manuals, 13 Word pages
// for 10): each bullet is drawn at its place on the page, and the list's lines stay lines of their own,
// instead of pictures placed one under another in the flow.
import type { PageData, PageImage, TextRun } from '../pdfjs/protocol';
import { pageSections } from './build-docx';
import { layoutPage } from './layout';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';
import { sectionsXml } from '@/tests/support/pdf-to-docx/docx-parts';

const ITEMS = ['File menu', 'Edit menu', 'View menu', 'Snap menu', 'Help menu'];

function bulletList(): PageData {
  const runs: TextRun[] = [textRun('The following menus are at the top of the window.', 72, 100, 230, { eol: true })];
  const images: PageImage[] = [];
  const dot = { width: 8, height: 8, channels: 3 as const, data: new Uint8Array(8 * 8 * 3).fill(200) };
  ITEMS.forEach((item, i) => {
    const baseline = 120 + 13 * i;
    runs.push(textRun(item, 84, baseline, 45, { eol: true }));
    images.push({ x: 72, y: baseline - 8, w: 8, h: 8, raw: dot });
  });
  runs.push(textRun('A photo follows the list.', 72, 200, 110, { eol: true }));
  const photo = { width: 40, height: 30, channels: 3 as const, data: new Uint8Array(40 * 30 * 3).fill(90) };
  images.push({ x: 72, y: 210, w: 160, h: 120, raw: photo });
  return { width: 612, height: 792, runs, images, segments: [], fills: [], links: [] };
}

test('small pictures beside the first word of a line are its icons; a photo stays a picture in the flow', () => {
  const layout = layoutPage(bulletList(), false);
  expect(layout.icons).toEqual([0, 1, 2, 3, 4]);
  const placed = layout.blocks.flatMap((b) => b.items).filter((it) => it.kind === 'image');
  expect(placed.map((it) => it.kind === 'image' && it.index)).toEqual([5]);
});

test('the bullets float at their place and each item stays a paragraph of its own', async () => {
  const xml = await sectionsXml(await pageSections(bulletList(), true));
  expect(xml.match(/<wp:anchor /g)).toHaveLength(5);
  expect(xml.match(/<wp:inline /g)).toHaveLength(1); // the photo
  const paras = [...xml.matchAll(/<w:p>.*?<\/w:p>|<w:p .*?<\/w:p>/gs)].map((m) => m[0].replace(/<[^>]+>/g, ''));
  for (const item of ITEMS) expect(paras.filter((p) => p.trim() === item)).toHaveLength(1);
});
