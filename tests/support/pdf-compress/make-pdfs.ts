// Test, fixture and bench inputs built in code: PDFs with high-resolution photos (JPEG and Flate, with
// PNG predictors, Gray, ICC-based, Indexed, soft masks) and text-only PDFs. Not used by the product.
import zlib from 'node:zlib';
import sharp from 'sharp';
import {
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFPage,
} from 'pdf-lib';

/** A photo-like image: smooth shapes plus fine grain, so JPEG is the right encoding for it. */
export async function syntheticPhoto(width: number, height: number, seed = 1): Promise<Buffer> {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><radialGradient id="g" cx="${30 + seed * 7}%" cy="40%" r="70%">
        <stop offset="0" stop-color="#f4d27a"/><stop offset="0.5" stop-color="#3f7fbf"/><stop offset="1" stop-color="#1d3b2a"/>
      </radialGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${width * 0.6}" cy="${height * 0.55}" r="${Math.min(width, height) * 0.22}" fill="#c0392b" opacity="0.8"/>
      <ellipse cx="${width * 0.3}" cy="${height * 0.7}" rx="${width * 0.2}" ry="${height * 0.1}" fill="#ecf0f1" opacity="0.6"/>
    </svg>`,
  );
  return sharp(svg)
    .composite([{ input: grain, blend: 'soft-light' }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

function pngUpPredict(pixels: Buffer, width: number, height: number, comps: number): Buffer {
  const row = width * comps;
  const out = Buffer.alloc(height * (row + 1));
  for (let y = 0; y < height; y++) {
    out[y * (row + 1)] = 2; // PNG "Up"
    for (let k = 0; k < row; k++) {
      const up = y > 0 ? pixels[(y - 1) * row + k] : 0;
      out[y * (row + 1) + 1 + k] = (pixels[y * row + k] - up) & 0xff;
    }
  }
  return out;
}

function drawImage(page: PDFPage, name: string, ref: PDFRef, x: number, y: number, w: number, h: number) {
  const ctx = page.doc.context;
  const res = page.node.Resources() ?? ctx.obj({});
  page.node.set(PDFName.of('Resources'), res);
  let xo = res.lookup(PDFName.of('XObject'));
  if (!xo) {
    xo = ctx.obj({});
    res.set(PDFName.of('XObject'), xo);
  }
  (xo as PDFDict).set(PDFName.of(name), ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(w, 0, 0, h, x, y),
    drawObject(name),
    popGraphicsState(),
  );
}

/** Two pages of photos at about 300 dpi: a JPEG, and a Flate RGB image with PNG predictors and a soft mask. */
export async function photoPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = doc.context;

  const p1 = doc.addPage([595, 842]);
  const w1 = 1500;
  const h1 = 1000;
  const jpeg = await sharp(await syntheticPhoto(w1, h1, 1), { raw: { width: w1, height: h1, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const img = await doc.embedJpg(jpeg);
  p1.drawText('Photo report: page one', { x: 50, y: 790, size: 20, font, color: rgb(0.1, 0.1, 0.1) });
  p1.drawImage(img, { x: 50, y: 400, width: 360, height: 240 }); // 1500 px over 5 in = 300 dpi
  p1.drawText('A JPEG photo drawn at three hundred dots per inch.', { x: 50, y: 370, size: 11, font });

  const p2 = doc.addPage([595, 842]);
  const w2 = 1200;
  const h2 = 900;
  const raw = await syntheticPhoto(w2, h2, 3);
  const alpha = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w2}" height="${h2}"><rect width="100%" height="100%" fill="#000"/><ellipse cx="${w2 / 2}" cy="${h2 / 2}" rx="${w2 * 0.48}" ry="${h2 * 0.48}" fill="#fff"/></svg>`,
    ),
  )
    .extractChannel(0)
    .raw()
    .toBuffer();
  const smask = ctx.register(
    ctx.stream(zlib.deflateSync(alpha), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: w2,
      Height: h2,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    }),
  );
  const flate = ctx.register(
    ctx.stream(zlib.deflateSync(pngUpPredict(raw, w2, h2, 3)), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: w2,
      Height: h2,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 12, Colors: 3, BitsPerComponent: 8, Columns: w2 },
      SMask: smask,
    }),
  );
  p2.drawText('Page two: a Flate photo with a soft mask', { x: 50, y: 790, size: 20, font });
  drawImage(p2, 'Im9', flate, 50, 300, 288, 216); // 1200 px over 4 in = 300 dpi
  return doc.save();
}

/** Gray, ICC-based and Indexed Flate images (and a line-art chart that must stay lossless). */
export async function mixedImagePdf(iccProfile?: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([612, 792]);
  page.drawText('Mixed images', { x: 72, y: 740, size: 18, font });

  const gw = 1000;
  const gh = 800;
  const gray = await sharp(await syntheticPhoto(gw, gh, 5), { raw: { width: gw, height: gh, channels: 3 } })
    .toColourspace('b-w')
    .extractChannel(0)
    .raw()
    .toBuffer();
  const grayRef = ctx.register(
    ctx.stream(zlib.deflateSync(gray), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: gw,
      Height: gh,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    }),
  );
  drawImage(page, 'Gr', grayRef, 72, 470, 250, 200); // 1000 px / 3.47 in = 288 dpi

  if (iccProfile) {
    const iccRef = ctx.register(ctx.flateStream(iccProfile, { N: 3 }));
    const cw = 900;
    const ch = 600;
    const pix = await syntheticPhoto(cw, ch, 7);
    const imRef = ctx.register(
      ctx.stream(zlib.deflateSync(pix), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: cw,
        Height: ch,
        ColorSpace: ctx.obj([PDFName.of('ICCBased'), iccRef]),
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      }),
    );
    drawImage(page, 'Icc', imRef, 330, 470, 210, 140); // 900 px / 2.9 in = 308 dpi
  }

  // A bar chart with a 4-colour palette: must stay lossless.
  const iw = 800;
  const ih = 400;
  const idx = Buffer.alloc(iw * ih);
  for (let y = 0; y < ih; y++) {
    for (let x = 0; x < iw; x++) {
      const bar = Math.floor(x / 100);
      const top = ih - (bar + 1) * 40;
      idx[y * iw + x] = x % 100 < 70 && y > top ? 1 + (bar % 3) : 0;
    }
  }
  const palette = Buffer.from([255, 255, 255, 200, 40, 40, 40, 120, 200, 40, 160, 60]);
  const chartRef = ctx.register(
    ctx.stream(zlib.deflateSync(idx), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: iw,
      Height: ih,
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
      ColorSpace: ctx.obj([
        PDFName.of('Indexed'),
        PDFName.of('DeviceRGB'),
        3,
        PDFHexString.of(palette.toString('hex')),
      ]),
    }),
  );
  drawImage(page, 'Ch', chartRef, 72, 100, 400, 200); // 800 px / 5.6 in = 144 dpi: no downsampling
  return doc.save();
}

/** Text only, several pages: nothing to gain beyond a few percent. */
export async function textPdf(pages = 3): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 40; l++) {
      page.drawText(`Line ${l + 1} of page ${p + 1}: the quick brown fox jumps over the lazy dog.`, {
        x: 60,
        y: 740 - l * 16,
        size: 11,
        font,
      });
    }
  }
  return doc.save();
}

/** A large scan-like PDF (about `targetMB` megabytes): pages of distinct high-quality 600 dpi photos. */
export async function bigPhotoPdf(targetMB: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  let total = 0;
  const made = new Map<number, Buffer>(); // 7 distinct photos, each embedded as its own image object
  for (let i = 0; total < targetMB * 1024 * 1024; i++) {
    const w = 3000;
    const h = 2200;
    const jpeg =
      made.get(i % 7) ??
      (await sharp(await syntheticPhoto(w, h, i % 7), { raw: { width: w, height: h, channels: 3 } })
        .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
        .toBuffer());
    made.set(i % 7, jpeg);
    total += jpeg.length;
    const page = doc.addPage([612, 792]);
    page.drawImage(await doc.embedJpg(jpeg), { x: 56, y: 250, width: 500, height: 367 }); // 3000 px / 6.9 in = 432 dpi
  }
  return doc.save();
}

/** A print-style CMYK JPEG (Adobe marker, /Decode [1 0 1 0 1 0 1 0] as pdf-lib writes it) at 300 dpi. */
export async function cmykPdf(): Promise<Uint8Array> {
  const w = 1500;
  const h = 1000;
  const cmyk = await sharp(await syntheticPhoto(w, h, 4), { raw: { width: w, height: h, channels: 3 } })
    .toColourspace('cmyk')
    .jpeg({ quality: 92 })
    .toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawImage(await doc.embedJpg(cmyk), { x: 50, y: 400, width: 360, height: 240 });
  return doc.save();
}
