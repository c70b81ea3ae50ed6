// Pictures for PDF to Word's pages: placed images (re-encoded at <= 200 dpi, JPEG for photos, PNG
// otherwise) and the page-sized scan (behind recognised text: ocr-page.ts).
import sharp from 'sharp';
import {
  HorizontalPositionRelativeFrom,
  ImageRun,
  Paragraph,
  TextWrappingType,
  VerticalPositionRelativeFrom,
} from 'docx';
import type { Box, PageData, PageImage, RawPixels } from '../pdfjs/protocol';
import { looksPhotographic } from '../compress/pixels';
import { EMU, PX, TW } from './units';

const MAX_IMAGE_DPI = 200;

async function encodeImage(raw: RawPixels, box: Box): Promise<{ data: Buffer; type: 'png' | 'jpg' }> {
  const maxW = Math.max(1, Math.round((box.w / 72) * MAX_IMAGE_DPI));
  const maxH = Math.max(1, Math.round((box.h / 72) * MAX_IMAGE_DPI));
  let img = sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), {
    raw: { width: raw.width, height: raw.height, channels: raw.channels },
  });
  if (raw.width > maxW * 1.2 || raw.height > maxH * 1.2)
    img = img.resize(Math.min(raw.width, maxW), Math.min(raw.height, maxH), { fit: 'fill' });
  const photo = raw.channels !== 4 && looksPhotographic(raw.data, raw.width, raw.height, raw.channels === 1 ? 1 : 3);
  if (photo) return { data: await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), type: 'jpg' };
  return { data: await img.png({ compressionLevel: 9 }).toBuffer(), type: 'png' };
}

/** A small PNG of one colour ('#rrggbb'), stretched over the box it fills. */
export function solidPng(color: string): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Relative luminance of '#rrggbb', 0 (black) to 1 (white); 0 for anything else. */
export function luminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return 0;
  const n = parseInt(hex.slice(1, 7), 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}

/** Boxes of one colour each as pictures behind the text at their place, in the order given. */
export async function colourBoxesBehind(boxes: (Box & { color: string })[]): Promise<ImageRun[]> {
  const out: ImageRun[] = [];
  for (const b of boxes) out.push(pictureBehindText('png', await solidPng(b.color), b));
  return out;
}

/** A placed image as a PNG or JPEG for the DOCX: its own encoded bytes when it has them, else its pixels
 * encoded for `box` (null when pdf.js gave neither). */
export async function encodedImage(
  img: PageImage,
  box: Box = img,
): Promise<{ data: Buffer; type: 'png' | 'jpg' } | null> {
  if (img.encoded) return { data: Buffer.from(img.encoded.data), type: img.encoded.type };
  return img.raw ? encodeImage(img.raw, box) : null;
}

export async function imageParagraph(
  img: PageImage,
  box: Box,
  maxW: number,
  marginLeft: number,
  before: number,
): Promise<Paragraph> {
  const enc = await encodedImage(img, box);
  if (!enc) return new Paragraph({ children: [] });
  const k = Math.min(1, maxW / box.w);
  return new Paragraph({
    children: [
      new ImageRun({
        type: enc.type,
        data: enc.data,
        transformation: {
          width: Math.max(1, Math.round(box.w * k * PX)),
          height: Math.max(1, Math.round(box.h * k * PX)),
        },
      }),
    ],
    indent: { left: Math.max(0, Math.round((box.x - marginLeft) * TW)) },
    spacing: { before: Math.max(0, Math.round(before * TW)), after: 0 },
  });
}

/** The stacking order of the largest page's pictures (a 22 in square page is 2.5e6 pt²) stays above 0. */
const Z_TOP = 100_000_000;

/** A picture floating behind the text at its place on the page (points from the page's top left corner). */
export function pictureBehindText(type: 'png' | 'jpg', data: Buffer, box: Box): ImageRun {
  return new ImageRun({
    type,
    data,
    transformation: { width: Math.max(1, Math.round(box.w * PX)), height: Math.max(1, Math.round(box.h * PX)) },
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(box.x * EMU) },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: Math.round(box.y * EMU) },
      behindDocument: true,
      allowOverlap: true,
      // The smaller picture in front: without it the order is the picture's height (the docx package's
      // default), so the fill behind a dark slide covered every photo and screenshot on it.
      zIndex: Math.max(1, Z_TOP - Math.round(box.w * box.h)),
      wrap: { type: TextWrappingType.NONE },
      // At its place on the page even when its anchor is in a layout table's cell (a figure in one column of
      // a two-column page): "in cell" LibreOffice and Word measure the offsets from the cell, and a figure
      // of a paper's first column was drawn at the page's foot over the text.
      layoutInCell: false,
    },
  });
}

/** The page picture anchored at the page's corner behind the text, covering the page exactly. */
export function pageBackground(page: PageData, data: Buffer): ImageRun {
  return pictureBehindText('jpg', data, { x: 0, y: 0, w: page.width, h: page.height });
}
