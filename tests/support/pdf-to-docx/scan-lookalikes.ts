// Text pages that look like scans with a stamp (a picture covering the page under a few words), for
// stamped-scan.test.ts: each must stay a text page. Pictures are made with sharp, pages with pdf-lib.
import sharp from 'sharp';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** A picture of w x h pixels whose pixel (x, y) is `px(x, y)` ([r, g, b]). */
async function picture(w: number, h: number, px: (x: number, y: number) => number[]): Promise<Buffer> {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [r, g, b] = px(x, y);
      data.set([r, g, b], (y * w + x) * 3);
    }
  return sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A 16:9 slide whose background is a full-page photograph (a pale sky with soft clouds, mostly light, or
 * a dark landscape) with a title and a subtitle over it. */
export async function photoSlidePdf(light: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([720, 405]);
  const photo = await picture(1600, 900, (x, y) => {
    const cloud = 40 * Math.max(0, Math.sin(x / 90) * Math.cos(y / 70));
    return light
      ? [170 + y / 18 + cloud, 200 + y / 30 + cloud / 2, 235]
      : [30 + (x % 200) / 8, 60 + Math.sin(x / 50) * 20 + y / 20, 25 + cloud / 2];
  });
  page.drawImage(await doc.embedJpg(photo), { x: 0, y: 0, width: 720, height: 405 });
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Summer Field Trip', { x: 60, y: 300, size: 30, font: bold, color: rgb(0.1, 0.1, 0.3) });
  page.drawText('Northern ridge, day two', { x: 60, y: 265, size: 16, font, color: rgb(0.1, 0.1, 0.3) });
  return doc.save();
}

/** A certificate: a decorative border picture over the whole page (150 dpi) and its words as text. */
export async function certificatePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([792, 612]);
  const W = 1650;
  const H = 1275;
  const border = await picture(W, H, (x, y) => {
    const d = Math.min(x, y, W - 1 - x, H - 1 - y);
    const corner = Math.hypot(Math.min(x, W - x) - 90, Math.min(y, H - y) - 90) < 40;
    return d < 28 || (d > 40 && d < 48) || corner ? [176, 141, 60] : [253, 250, 240];
  });
  page.drawImage(await doc.embedJpg(border), { x: 0, y: 0, width: 792, height: 612 });
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const centre = (t: string, y: number, size: number, f = serif) =>
    page.drawText(t, { x: (792 - f.widthOfTextAtSize(t, size)) / 2, y, size, font: f });
  centre('Certificate of Completion', 450, 26, bold);
  centre('This certifies that', 400, 13);
  centre('Jane Q. Example', 360, 20, bold);
  centre('has completed the course Introduction to Data Safety', 320, 13);
  centre('Date: March 4, 2020          Signature', 200, 11);
  return doc.save();
}

/** A page that is mostly one big figure (a chart picture) with a caption under it. */
export async function figurePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const chart = await picture(1400, 1600, (x, y) =>
    x % 200 < 120 && y > 1600 - (((x / 200 + 1) * 180) % 1500)
      ? [60, 110, 190]
      : x % 100 < 2 || y % 100 < 2
        ? [200, 200, 200]
        : [255, 255, 255],
  );
  page.drawImage(await doc.embedJpg(chart), { x: 36, y: 80, width: 540, height: 680 });
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  page.drawText('Figure 3. Monthly rainfall at the northern ridge station, 2019.', { x: 60, y: 55, size: 10, font });
  return doc.save();
}

/** A text page (a letter's worth of lines) over a full-page background picture: a light watermark. */
export async function watermarkedTextPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const mark = await picture(1275, 1650, (x, y) => (Math.abs(x - y * 0.77) < 60 ? [225, 225, 225] : [255, 255, 255]));
  page.drawImage(await doc.embedJpg(mark), { x: 0, y: 0, width: 612, height: 792 });
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  lines.forEach((t, i) => page.drawText(t, { x: 72, y: 720 - i * 15, size: 11, font }));
  return doc.save();
}

/** A 16:9 slide showing two screenshots of a document page side by side (each the page's full height, at
 * ~110 dpi) under a one-line title: pictures covering the page, full of text, but no scan. `shot` is a
 * page picture (PNG or JPEG). */
export async function screenshotsSlidePdf(shot: Buffer): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([720, 405]);
  const jpg = await doc.embedJpg(await sharp(shot).flatten({ background: '#ffffff' }).jpeg().toBuffer());
  const h = 405;
  const w = (h * jpg.width) / jpg.height;
  page.drawImage(jpg, { x: 360 - w - 4, y: 0, width: w, height: h });
  page.drawImage(jpg, { x: 364, y: 0, width: w, height: h });
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText('EXAMPLE OF A TALENT CARD', { x: 520, y: 30, size: 14, font: bold, color: rgb(0.2, 0.2, 0.2) });
  return doc.save();
}
