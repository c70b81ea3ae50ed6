// Widths of text in the substitute fonts (Arial ≈ Helvetica, Times New Roman ≈ Times, Courier New ≈
// Courier: the same metrics, from pdf-lib's standard-14 AFM data), so a paragraph can be condensed to the
// width it had in the PDF and break into the same lines (and pages) in Word. Verdana, a face recognised
// scans may be set in (ocr-face.ts), is measured by its stand-in DejaVu Sans's widths (faceWidth).
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

/** Whether substituteWidth knows the family's widths (the standard 14's metric twins). */
export function measuredFamily(family: string): boolean {
  return Object.hasOwn(FACES, family);
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

// Advance widths (1/1000 em) of DejaVu Sans (Bitstream Vera licence), Verdana's stand-in here, for
// U+0020-U+007E and U+00A0-U+00FF, regular and bold: Word fits each word to the scan's width with them.
// prettier-ignore
const VERA: number[][] = [
  [318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838,
   318,401,636,636,636,636,337,500,500,1000,471,612,838,361,1000,500,500,838,401,401,500,636,636,318,500,401,471,612,969,969,969,531,684,684,684,684,684,684,974,698,632,632,632,632,295,295,295,295,775,748,787,787,787,787,787,838,787,732,732,732,732,611,605,630,613,613,613,613,613,613,982,550,615,615,615,615,278,278,278,278,612,634,612,612,612,612,612,838,612,634,634,634,634,592,635,592],
  [348,456,521,838,696,1002,872,306,457,457,523,838,380,415,380,365,696,696,696,696,696,696,696,696,696,696,400,400,838,838,838,580,1000,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,720,682,812,774,1103,771,724,725,457,365,457,838,500,500,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,712,365,712,838,
   348,456,696,696,636,696,365,500,500,1000,564,646,838,415,1000,500,500,838,438,438,500,736,636,380,500,438,564,646,1035,1035,1035,580,774,774,774,774,774,774,1085,734,683,683,683,683,372,372,372,372,838,837,850,850,850,850,850,838,850,812,812,812,812,724,738,719,675,675,675,675,675,675,1048,593,678,678,678,678,343,343,343,343,687,712,687,687,687,687,687,838,687,712,712,712,712,652,716,652],
];

/** Width in points of `text` in Verdana's stand-in; characters outside Latin-1 at an average width. */
export function wideSansWidth(text: string, size: number, bold: boolean): number {
  const t = VERA[bold ? 1 : 0];
  let sum = 0;
  for (const c of text) {
    const u = c.codePointAt(0)!;
    const i = u >= 32 && u <= 126 ? u - 32 : u >= 160 && u <= 255 ? u - 160 + 95 : -1;
    sum += i >= 0 ? t[i] : 640;
  }
  return (sum * size) / 1000;
}

/** Width in points of `text` in a face the OCR text may be set in: the substitute families, and Verdana by
 * its stand-in's widths (null when it cannot be measured). A text document's paragraphs are measured by
 * substituteWidth, which leaves Verdana unmeasured. */
export async function faceWidth(
  text: string,
  family: string,
  size: number,
  bold: boolean,
  italic: boolean,
): Promise<number | null> {
  return family === 'Verdana' ? wideSansWidth(text, size, bold) : substituteWidth(text, family, size, bold, italic);
}
