// Kinds of real scans made from text pages (test and bench input, not used by the product): what office
// scanners and archives give, unlike our 200 dpi colour JPEG copies. Each page is rendered by poppler at
// 300 dpi in grey, then turned into one kind: bitonal CCITT G4 (libtiff's ppm2tiff, tiffcp, tiff2pdf: Debian's
// libtiff-tools), grey JPEG, skewed, turned sideways or upside down (with or without /Rotate to show it upright),
// cut into strips, low contrast on yellowed paper with specks, or with an invisible text layer over the
// picture (what OCRmyPDF writes), or grey JPEG 2000 (OpenJPEG's opj_compress: Debian's libopenjp2-tools), or
// stamped: grey with a few visible digital words over it (a court's ECF header and a Bates number), or
// photographed: lit unevenly (a phone's photo of a sheet, its far corner half as light) and a little soft, or
// photocopied: black borders of uneven widths around the sheet laid askew, and two punched holes.
// JBIG2: Debian has no encoder (jbig2enc is not packaged), so none here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  PDFDocument,
  type PDFPage,
  concatTransformationMatrix,
  drawObject,
  StandardFonts,
  TextRenderingMode,
  degrees,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setTextRenderingMode,
} from 'pdf-lib';

export const SCAN_KINDS = [
  'bitonal-g4-300',
  'grey-300',
  'skew-1.5',
  'sideways-90',
  'sideways-90-rotate',
  'upside-down-180',
  'strips-4',
  'low-contrast-yellowed',
  'ocr-text-layer',
  'grey-jpx-300',
  'stamped',
  'uneven-light',
  'photocopy',
] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

const DPI = 300;

/** A small deterministic generator (specks placed the same way on every run). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Grey page images of `pdf` at `dpi` (poppler), one PNG per page. */
function renderGrey(pdf: string, dir: string, dpi: number): string[] {
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', pdf, path.join(dir, 'g')]);
  return fs
    .readdirSync(dir)
    .filter((f) => /^g-\d+\.png$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The words of page `n` (1-based) with their boxes (points, top-left origin), as pdftotext -bbox gives them;
 * characters Helvetica's WinAnsi encoding lacks are left out. */
function bboxWords(pdf: string, n: number): { text: string; x0: number; y0: number; x1: number; y1: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', String(n), '-l', String(n), pdf, '-'], { encoding: 'utf8' });
  const ent = (t: string) =>
    t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
    .map((m) => ({
      text: ent(m[5]).replace(/[^\x20-\x7e\u00a0-\u00ff]/g, ''),
      x0: +m[1],
      y0: +m[2],
      x1: +m[3],
      y1: +m[4],
    }))
    .filter((w) => w.text && w.x1 > w.x0 && w.y1 > w.y0);
}

/** Low contrast (ink at ~45 % grey, paper at ~88 %) on yellowed paper, with dark specks. */
async function yellowed(png: string, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(info.width * info.height * 3);
  const rnd = lcg(seed);
  for (let i = 0; i < data.length; i++) {
    const g = 115 + (data[i] * 110) / 255;
    out[i * 3] = Math.min(255, g + 12);
    out[i * 3 + 1] = Math.min(255, g + 4);
    out[i * 3 + 2] = Math.max(0, g - 30);
  }
  for (let n = 0; n < 1500; n++) {
    const x = Math.floor(rnd() * (info.width - 3));
    const y = Math.floor(rnd() * (info.height - 3));
    const r = 1 + Math.floor(rnd() * 2);
    for (let dy = 0; dy < r; dy++)
      for (let dx = 0; dx < r; dx++)
        out.fill(90, ((y + dy) * info.width + x + dx) * 3, ((y + dy) * info.width + x + dx) * 3 + 3);
  }
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A phone's photo of the sheet: lit from near its top-left corner, half as light at the far corner, a little
 * soft (a blur of 0.8 px at 300 dpi). */
async function unevenlyLit(png: string): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = info;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const d = Math.min(1, Math.hypot(x / W - 0.3, y / H - 0.25) / 0.9);
      data[y * W + x] = Math.round(data[y * W + x] * (1 - 0.5 * d));
    }
  return sharp(data, { raw: { width: W, height: H, channels: 1 } })
    .blur(0.8)
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A photocopy: the copier's black lid around the sheet (borders of uneven widths, the left one widening
 * down the page as the sheet lay askew) and two punched holes near the left edge, black too. */
async function photocopied(png: string): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = info;
  const k = DPI / 200; // (drawn at 200 dpi first: tmp experiments' sizes)
  const r = 35 * k;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const left = (40 + (25 * y) / H) * k;
      const black = x < left || x > W - 55 * k || y < 30 * k || y > H - 45 * k;
      const hole = [0.3, 0.7].some((f) => (x - 110 * k) ** 2 + (y - f * H) ** 2 < r * r);
      if (black || hole) data[y * W + x] = 25 + ((x * 7 + y * 13) % 20);
    }
  return sharp(data, { raw: { width: W, height: H, channels: 1 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Bitonal pages in CCITT G4 at 300 dpi, as scanners write them: poppler's 1-bit render (a plain threshold,
 * no dithering), libtiff's ppm2tiff encodes G4, tiffcp joins the pages and tiff2pdf passes the G4 data through. */
function g4Pdf(src: string, dir: string, out: string): void {
  execFileSync('pdftoppm', ['-r', String(DPI), '-mono', src, path.join(dir, 'm')]);
  const tifs = fs
    .readdirSync(dir)
    .filter((f) => /^m-\d+\.pbm$/.test(f))
    .sort()
    .map((f) => {
      const tif = path.join(dir, f.replace(/pbm$/, 'tif'));
      execFileSync('ppm2tiff', ['-c', 'g4', '-R', String(DPI), path.join(dir, f), tif]);
      return tif;
    });
  const all = path.join(dir, 'all.tif');
  execFileSync('tiffcp', [...tifs, all]);
  execFileSync('tiff2pdf', ['-o', out, all]);
}

/** What a court's filing system stamps over each page of a scanned filing (ECF header, top) and a Bates
 * number (bottom right): visible digital text in Helvetica over the scan. */
export async function stamp(doc: PDFDocument, page: PDFPage, n: number, of: number): Promise<void> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { width, height } = page.getSize();
  const head = `Case 1:20-cv-01234-ABC Document 12 Filed 03/04/20 Page ${n} of ${of}`;
  page.drawText(head, { x: (width - font.widthOfTextAtSize(head, 9)) / 2, y: height - 20, size: 9, font });
  const bates = `DEF-000${100 + n}`;
  page.drawText(bates, { x: width - 40 - font.widthOfTextAtSize(bates, 8), y: 16, size: 8, font });
}

/**
 * An image-only copy of the text PDF `src` as a scan of one kind, written to `out`. Page sizes are the
 * source's (a sideways scan without /Rotate has its page turned too, as a scanner fed sideways gives).
 */
export async function makeScan(src: string, kind: ScanKind, out: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-kind-'));
  try {
    if (kind === 'bitonal-g4-300') return g4Pdf(src, dir, out);
    const pngs = renderGrey(src, dir, DPI);
    const source = await PDFDocument.load(fs.readFileSync(src));
    const doc = await PDFDocument.create();
    for (const [i, png] of pngs.entries()) {
      const { width, height } = source.getPage(i).getSize();
      const jpeg = (s: Sharp) => s.jpeg({ quality: 80 }).toBuffer();
      if (kind === 'strips-4') {
        // one picture per band, as some scanners and converters write a page
        const meta = await sharp(png).metadata();
        const H = meta.height ?? 0;
        const W = meta.width ?? 0;
        const page = doc.addPage([width, height]);
        for (let s = 0; s < 4; s++) {
          const top = Math.round((s * H) / 4);
          const bottom = Math.round(((s + 1) * H) / 4);
          const img = await doc.embedJpg(
            await jpeg(sharp(png).extract({ left: 0, top, width: W, height: bottom - top })),
          );
          const y0 = height - (bottom * height) / H;
          page.drawImage(img, { x: 0, y: y0, width, height: ((bottom - top) * height) / H });
        }
        continue;
      }
      if (kind === 'low-contrast-yellowed') {
        const img = await doc.embedJpg(await yellowed(png, i + 1));
        doc.addPage([width, height]).drawImage(img, { x: 0, y: 0, width, height });
        continue;
      }
      if (kind === 'uneven-light' || kind === 'photocopy') {
        const img = await doc.embedJpg(await (kind === 'photocopy' ? photocopied(png) : unevenlyLit(png)));
        doc.addPage([width, height]).drawImage(img, { x: 0, y: 0, width, height });
        continue;
      }
      if (kind === 'skew-1.5') {
        // turned 1.5 degrees clockwise on the glass, cut back to the page
        const meta = await sharp(png).metadata();
        const turned = await sharp(png).rotate(1.5, { background: '#ffffff' }).toBuffer({ resolveWithObject: true });
        const left = Math.round((turned.info.width - (meta.width ?? 0)) / 2);
        const top = Math.round((turned.info.height - (meta.height ?? 0)) / 2);
        const cut = sharp(turned.data).extract({ left, top, width: meta.width ?? 0, height: meta.height ?? 0 });
        const img = await doc.embedJpg(await jpeg(cut));
        doc.addPage([width, height]).drawImage(img, { x: 0, y: 0, width, height });
        continue;
      }
      if (kind === 'sideways-90' || kind === 'sideways-90-rotate') {
        // the sheet fed sideways: the picture is the page turned 90 degrees clockwise
        const img = await doc.embedJpg(await jpeg(sharp(png).rotate(90)));
        const page = doc.addPage([height, width]);
        page.drawImage(img, { x: 0, y: 0, width: height, height: width });
        // /Rotate turns it back upright for display (a viewer turns the page clockwise by /Rotate)
        if (kind === 'sideways-90-rotate') page.setRotation(degrees(270));
        continue;
      }
      if (kind === 'upside-down-180') {
        const img = await doc.embedJpg(await jpeg(sharp(png).rotate(180)));
        doc.addPage([width, height]).drawImage(img, { x: 0, y: 0, width, height });
        continue;
      }
      if (kind === 'grey-jpx-300') {
        // JPEG 2000 (archives' scans): OpenJPEG's opj_compress, placed as a JPXDecode image
        const j2k = path.join(dir, `p-${i}.jp2`);
        const pgm = path.join(dir, `p-${i}.pgm`);
        await sharp(png)
          .greyscale()
          .toFormat('raw')
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) =>
            fs.writeFileSync(pgm, Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data])),
          );
        execFileSync('opj_compress', ['-i', pgm, '-o', j2k, '-r', '40'], { stdio: 'ignore' });
        const meta = await sharp(png).metadata();
        const stream = doc.context.stream(fs.readFileSync(j2k), {
          Type: 'XObject',
          Subtype: 'Image',
          Width: meta.width ?? 0,
          Height: meta.height ?? 0,
          ColorSpace: 'DeviceGray',
          BitsPerComponent: 8,
          Filter: 'JPXDecode',
        });
        const page = doc.addPage([width, height]);
        const name = page.node.newXObject('Im', doc.context.register(stream));
        page.pushOperators(
          pushGraphicsState(),
          concatTransformationMatrix(width, 0, 0, height, 0, 0),
          drawObject(name),
          popGraphicsState(),
        );
        continue;
      }
      const img = await doc.embedJpg(await jpeg(sharp(png)));
      const page = doc.addPage([width, height]);
      page.drawImage(img, { x: 0, y: 0, width, height });
      if (kind === 'stamped') await stamp(doc, page, i + 1, pngs.length);
      if (kind === 'ocr-text-layer') {
        // the source page's words over the picture, each invisible (render mode 3) in its box, as OCRmyPDF
        // leaves a page (its words from pdftotext -bbox: this is how a viewer finds and copies them)
        const font = await doc.embedFont(StandardFonts.Helvetica);
        page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
        for (const w of bboxWords(src, i + 1)) {
          // as tesseract's PDF renderer does: the size from the box's height, stretched (Tz) to its width
          const size = w.y1 - w.y0;
          const squeeze = (100 * (w.x1 - w.x0)) / Math.max(1e-3, font.widthOfTextAtSize(w.text, size));
          page.pushOperators(setCharacterSqueeze(squeeze));
          page.drawText(w.text, { x: w.x0, y: height - w.y1 + size * 0.22, size, font });
        }
        page.pushOperators(popGraphicsState());
      }
    }
    fs.writeFileSync(out, await doc.save());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Bench inputs: each kind of scan made from the made two-page Letter sample and the corpus invoice (A4),
 * recall measured against the text file it was made from; a page shown sideways or upside down is also
 * compared with the same page scanned upright (the converter turns it). `want` picks by label. */
export async function scanKindInputs(
  dir: string,
  sources: string[],
  want: (label: string) => boolean = () => true,
): Promise<{ label: string; file: string; textOf: string; uprightOf?: string }[]> {
  const out: { label: string; file: string; textOf: string; uprightOf?: string }[] = [];
  for (const src of sources) {
    let upright: string | undefined;
    for (const kind of SCAN_KINDS) {
      const label = `scan kind ${kind}: ${path.basename(src)}`;
      if (!want(label)) continue;
      const file = path.join(dir, `kind-${kind}-${path.basename(src)}`);
      await makeScan(src, kind, file);
      const turned = kind === 'sideways-90' || kind === 'upside-down-180';
      if (turned && !upright) {
        upright = path.join(dir, `kind-upright-${path.basename(src)}`);
        await makeScan(src, 'grey-300', upright);
      }
      out.push({ label, file, textOf: src, uprightOf: turned ? upright : undefined });
    }
  }
  return out;
}
