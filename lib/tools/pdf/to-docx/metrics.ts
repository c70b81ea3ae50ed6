// Widths of text in the substitute fonts (Arial ≈ Helvetica, Times New Roman ≈ Times, Courier New ≈
// Courier: the same metrics, from pdf-lib's standard-14 AFM data), so a paragraph can be condensed to the
// width it had in the PDF and break into the same lines (and pages) in Word.
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

const FACES: Record<string, [StandardFonts, StandardFonts, StandardFonts, StandardFonts]> = {
  Arial: [
    StandardFonts.Helvetica,
    StandardFonts.HelveticaBold,
    StandardFonts.HelveticaOblique,
    StandardFonts.HelveticaBoldOblique,
  ],
  'Times New Roman': [
    StandardFonts.TimesRoman,
    StandardFonts.TimesRomanBold,
    StandardFonts.TimesRomanItalic,
    StandardFonts.TimesRomanBoldItalic,
  ],
  'Courier New': [
    StandardFonts.Courier,
    StandardFonts.CourierBold,
    StandardFonts.CourierOblique,
    StandardFonts.CourierBoldOblique,
  ],
};

let doc: Promise<PDFDocument> | null = null;
const cache = new Map<string, Promise<PDFFont>>();

async function face(family: string, bold: boolean, italic: boolean): Promise<PDFFont | null> {
  const faces = FACES[family];
  if (!faces) return null;
  const std = faces[(bold ? 1 : 0) + (italic ? 2 : 0)];
  doc ??= PDFDocument.create();
  let f = cache.get(std);
  if (!f) {
    f = doc.then((d) => d.embedFont(std));
    cache.set(std, f);
  }
  return f;
}

/** Width in points of `text` set in the substitute family, or null when it cannot be measured. */
export async function substituteWidth(
  text: string,
  family: string,
  size: number,
  bold: boolean,
  italic: boolean,
): Promise<number | null> {
  const f = await face(family, bold, italic);
  if (!f) return null;
  try {
    return f.widthOfTextAtSize(text, size);
  } catch {
    return null; // a character outside WinAnsi: no adjustment
  }
}
