// Which parts of a page make one drawing (issue 19; pdf-real asymptote and bacula overflowed a page):
// labels just outside a diagram's paths (a curve's end points) belong to it, instead of columns beside the
// picture; a logo made of overlapping images is one picture, not pieces stacked down the page; artwork
// clipped far outside the page (and page-tall strips) does not merge unrelated boxes into one region; an
// image that is only a line of text's shadow is not placed as a second line; a page that is one diagram
// (debian-handbook's network drawing, cairo) is one picture, not its straight pieces.
import sharp from 'sharp';
import { StandardFonts, rgb } from 'pdf-lib';
import { extractFirstPage, madePage } from '@/tests/support/pdf-to-docx/extract-page';

test("a diagram's labels just outside its curve are its labels, over one picture", async () => {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman, [595, 842]);
  page.drawText('As illustrated in the diagram below, the midpoints are constructed from two endpoints.', {
    x: 60,
    y: 700,
    size: 10,
    font,
  });
  // a curve and its control polygon (diagonals)
  page.drawSvgPath('M 0 0 C 60 -80 240 -80 300 0', { x: 150, y: 600, borderColor: rgb(0, 0, 1), borderWidth: 1 });
  page.drawSvgPath('M 0 0 L 60 -80 L 240 -80 L 300 0', { x: 150, y: 600, borderColor: rgb(1, 0, 0), borderWidth: 0.5 });
  // end-point names beside the curve's ends, outside its box
  page.drawText('z0', { x: 138, y: 596, size: 10, font });
  page.drawText('z1', { x: 454, y: 596, size: 10, font });
  page.drawText('Here the first-order midpoints are shown, and the curve is then constructed recursively.', {
    x: 60,
    y: 480,
    size: 10,
    font,
  });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  expect(pictures[0].labels?.map((r) => r.str).sort()).toEqual(['z0', 'z1']);
  expect(pictures[0].x).toBeLessThanOrEqual(138);
  expect(pictures[0].x + pictures[0].w).toBeGreaterThanOrEqual(464);
  // the body text stays page text
  expect(p.runs.map((r) => r.str).join(' ')).toMatch(/As illustrated.*Here the first-order/);
}, 60_000);

test('a logo of overlapping images is one picture; a page-tall strip and clipped artwork do not join it', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  const png = (r: number, g: number, b: number) =>
    sharp({ create: { width: 60, height: 60, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const a = await doc.embedPng(await png(200, 20, 20));
  const b = await doc.embedPng(await png(20, 20, 20));
  page.drawRectangle({ x: 0, y: 0, width: 40, height: 842, color: rgb(0.5, 0.5, 0.5) }); // page-tall strip
  page.drawImage(a, { x: 60, y: 700, width: 80, height: 100 });
  page.drawImage(b, { x: 110, y: 720, width: 90, height: 40 });
  page.drawSvgPath('M 0 0 C 10 10 20 10 30 0', { x: 150, y: 770, borderColor: rgb(1, 0, 0), borderWidth: 2 });
  page.drawText('The Leading Open Source Backup Solution', { x: 60, y: 650, size: 20, font });
  for (let i = 0; i < 20; i++) page.drawText(`Line ${i + 1} of the guide.`, { x: 60, y: 600 - 14 * i, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  const [pic] = pictures;
  // the two images and the curve, not the strip at x < 40 nor the text below
  expect(pic.x).toBeGreaterThanOrEqual(50);
  expect(pic.x).toBeLessThanOrEqual(60);
  expect(pic.x + pic.w).toBeGreaterThanOrEqual(200);
  expect(pic.y + pic.h).toBeLessThan(842 - 650);
  expect(p.images.filter((i) => !i.encoded)).toEqual([]); // the pieces are in the picture, not placed again
  expect(p.runs.some((r) => r.str.includes('Leading Open Source'))).toBe(true);
}, 60_000);

test("an image under a line of text, no taller than it (the text's shadow), is dropped; the text stays", async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [595, 842]);
  const grey = await doc.embedPng(
    await sharp({ create: { width: 240, height: 12, channels: 3, background: { r: 150, g: 150, b: 150 } } })
      .png()
      .toBuffer(),
  );
  const photo = await doc.embedPng(
    await sharp({ create: { width: 100, height: 80, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  );
  page.drawText('A photo above the footer.', { x: 60, y: 760, size: 12, font });
  page.drawImage(photo, { x: 60, y: 600, width: 200, height: 150 });
  const footer = 'Bacula is a registered trademark of Kern Sibbald';
  page.drawImage(grey, { x: 304, y: 17, width: font.widthOfTextAtSize(footer, 9.6), height: 11 });
  page.drawText(footer, { x: 304, y: 20, size: 9.6, font });
  const p = await extractFirstPage(await doc.save());
  expect(p.images).toHaveLength(1); // the photo
  expect(p.images[0].h).toBeGreaterThan(100);
  expect(p.runs.some((r) => r.str.includes('registered trademark'))).toBe(true);
}, 60_000);

test('a page that is one diagram (clouds, buildings, labels only) is one picture with its labels', async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [783, 658]);
  const cloud = 'M 0 0 C -10 -30 40 -40 60 -20 C 80 -40 130 -30 120 0 C 140 20 90 40 60 25 C 30 40 -20 20 0 0 Z';
  const shapes: [number, number][] = [
    [20, 560],
    [300, 620],
    [600, 500],
    [20, 420],
    [330, 340],
    [600, 120],
    [250, 100],
  ];
  for (const [x, y] of shapes) page.drawSvgPath(cloud, { x, y, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  // the network's wires join them: a bus and a drop to each cloud; a firewall's slanted bolts
  page.drawLine({ start: { x: 80, y: 420 }, end: { x: 660, y: 420 }, thickness: 1.5 });
  for (const [x, y] of shapes) page.drawLine({ start: { x: x + 60, y: 420 }, end: { x: x + 60, y }, thickness: 1.5 });
  page.drawSvgPath('M 0 0 L 40 -30 L 30 -40 L 70 -80', { x: 390, y: 420, borderColor: rgb(0, 0, 0), borderWidth: 3 });
  page.drawSvgPath('M 0 0 L 40 -30 L 30 -40 L 70 -80', { x: 310, y: 180, borderColor: rgb(0, 0, 0), borderWidth: 3 });
  const labels: [string, number, number][] = [
    ['Server zone', 320, 600],
    ['Laboratory', 40, 545],
    ['Administration', 615, 480],
    ['Router', 370, 400],
    ['Internet', 350, 320],
    ['Firewall', 420, 250],
    ['Site in Montpellier', 262, 88],
    ['192.168.3.0/24', 620, 100],
  ];
  for (const [t, x, y] of labels) page.drawText(t, { x, y, size: 9, font });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  expect(pictures[0].w * pictures[0].h).toBeGreaterThan(0.6 * 783 * 658);
  // the labels go over it as text, none is left as a page line
  expect(pictures[0].labels?.map((r) => r.str).sort()).toEqual(labels.map((l) => l[0]).sort());
  expect(p.runs).toEqual([]);
}, 60_000);

test('a frame of curves around a page of text is no picture: the text stays', async () => {
  const { doc, font, page } = await madePage(StandardFonts.TimesRoman, [595, 842]);
  for (let i = 0; i < 4; i++) {
    page.drawSvgPath('M 0 0 C 120 30 360 -30 480 0', {
      x: 57,
      y: 60 + 240 * i,
      borderColor: rgb(0.2, 0.3, 0.8),
      borderWidth: 2,
    });
  }
  page.drawSvgPath('M 0 0 C 30 200 -30 520 0 720', { x: 50, y: 60, borderColor: rgb(0.2, 0.3, 0.8), borderWidth: 2 });
  page.drawSvgPath('M 0 0 C 30 200 -30 520 0 720', { x: 545, y: 60, borderColor: rgb(0.2, 0.3, 0.8), borderWidth: 2 });
  for (let i = 0; i < 30; i++) {
    page.drawText(`Line ${i + 1} of a letter set inside a decorated frame of curves.`, {
      x: 80,
      y: 740 - 20 * i,
      size: 11,
      font,
    });
  }
  const p = await extractFirstPage(await doc.save());
  expect(p.images.filter((i) => i.encoded && i.w * i.h > 0.6 * 595 * 842)).toEqual([]);
  expect(p.runs.filter((r) => r.str.includes('decorated frame'))).toHaveLength(30);
}, 60_000);

test("a datasheet's block diagram over most of the page, under its title and over its caption, is one picture", async () => {
  const { doc, font, page } = await madePage(StandardFonts.Helvetica, [612, 792]);
  page.drawText('Functional Block Diagram', { x: 60, y: 765, size: 14, font });
  // blocks in a 4 x 6 grid, wires with arrowheads between them, a feedback curve over them: 64 % of the page
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 6; j++) {
      const x = 60 + 130 * i;
      const y = 100 + 110 * j;
      page.drawRectangle({ x, y, width: 100, height: 70, borderColor: rgb(0, 0, 0), borderWidth: 1 });
      page.drawText(`U${i}${j}`, { x: x + 35, y: y + 30, size: 9, font });
      if (i < 3) {
        page.drawLine({ start: { x: x + 100, y: y + 35 }, end: { x: x + 130, y: y + 35 }, thickness: 1 });
        page.drawSvgPath('M 0 -4 L 6 0 L 0 4 Z', { x: x + 124, y: y + 35, color: rgb(0, 0, 0) });
      }
      if (j < 5) page.drawLine({ start: { x: x + 50, y: y + 70 }, end: { x: x + 50, y: y + 110 }, thickness: 1 });
    }
  page.drawSvgPath('M 0 0 C 100 -40 300 -40 480 0', { x: 60, y: 745, borderColor: rgb(0, 0, 1), borderWidth: 1.5 });
  const caption = 'Figure 1. Functional block diagram of the converter and its control loop.';
  page.drawText(caption, { x: 60, y: 80, size: 10, font });
  const p = await extractFirstPage(await doc.save());
  const pictures = p.images.filter((i) => i.encoded);
  expect(pictures).toHaveLength(1);
  expect(pictures[0].w * pictures[0].h).toBeGreaterThan(0.6 * 612 * 792);
  expect(pictures[0].labels).toHaveLength(24);
  // the title and the caption stay page text
  expect(p.runs.map((r) => r.str).sort()).toEqual([caption, 'Functional Block Diagram']);
}, 60_000);
