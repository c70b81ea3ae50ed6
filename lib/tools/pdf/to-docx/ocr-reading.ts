// tesseract.js's reading of a page image as the converter's lines (ocr.ts), and a second look at what its
// layout took for vertical text: a narrow column of numbers (a contents page's page numbers with no leaders)
// came back as one "vertical" block of letters, or as nothing. Read again as lines, its numbers read surely
// (a piece of the page that narrow is read as lines at once: ocr.ts).
import type { Block, Rectangle } from 'tesseract.js';
import type { OcrLine, OcrPage } from './ocr';
import { SURE } from './ocr-orient';

/** Words tesseract is less sure of than this are noise (specks, ruled lines read as letters)... */
const MIN_CONFIDENCE = 30;
/** ...but for a word whose every letter it read this surely: on a form's lines ending in dot leaders its
 * word confidence fell to 0-11 for words read right at 99 a letter ("IRA deduction"), while the leaders
 * read as words ("ee", "ww") have letters at 85-94. */
const SURE_LETTERS = 95;

/** A word of tesseract's reading that is text, not noise. */
export function keptWord(wd: { text: string; confidence: number; symbols: { confidence: number }[] }): boolean {
  if (!wd.text.trim()) return false;
  return (
    wd.confidence >= MIN_CONFIDENCE || (wd.symbols.length > 0 && wd.symbols.every((s) => s.confidence >= SURE_LETTERS))
  );
}

/** tesseract's block type for vertical text (PolyBlockType PT_VERTICAL_TEXT). */
const VERTICAL_TEXT = 7;
/** A column of numbers is at most this wide (in): page numbers, amounts. A page turned sideways is read as
 * vertical text in wide blocks, left as they are. */
export const COLUMN_IN = 1.2;

const sureWords = (blocks: Block[]) =>
  blocks
    .flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)))
    .filter((w) => keptWord(w) && w.confidence >= SURE).length;

/** The blocks, each narrow block of vertical text replaced by its reading as lines (`readLines`, the
 * block's rectangle with a margin) where that reads more words surely (SURE, as a page's orientation is
 * judged); a vertical line of a turned page,
 * read across, reads nothing surely and stays. */
export async function rereadColumns(
  blocks: Block[],
  dpi: number,
  readLines: (r: Rectangle) => Promise<Block[]>,
): Promise<Block[]> {
  const out: Block[] = [];
  const pad = Math.round(dpi / 20);
  for (const b of blocks) {
    const { x0, y0, x1, y1 } = b.bbox;
    if (Number(b.blocktype) !== VERTICAL_TEXT || x1 - x0 > COLUMN_IN * dpi) {
      out.push(b);
      continue;
    }
    const left = Math.max(0, x0 - pad);
    const top = Math.max(0, y0 - pad);
    const again = await readLines({ left, top, width: x1 + pad - left, height: y1 + pad - top });
    out.push(...(sureWords(again) > sureWords([b]) ? again : [b]));
  }
  return out;
}

/** The blocks' lines of kept words, boxes in points (`k` points per pixel). */
export function readingOf(blocks: Block[], k: number): OcrPage {
  const lines: OcrLine[] = [];
  let wordCount = 0;
  let confSum = 0;
  let paraNo = 0;
  for (const block of blocks) {
    for (const para of block.paragraphs) {
      paraNo++;
      for (const line of para.lines) {
        const lineWords = line.words.filter(keptWord);
        if (!lineWords.length) continue;
        // Font size from the row's x-height and ascenders (in pixels), else from the line box.
        const ra = line.rowAttributes;
        // Measured on known renders: rowHeight is 0.90-0.99 of the font size (9.5-20 pt at 200 dpi).
        const px = ra && ra.rowHeight > 0 ? ra.rowHeight / 0.93 : (line.bbox.y1 - line.bbox.y0) / 1.1;
        const size = Math.max(4, Math.min(72, px * k));
        const bl = line.baseline;
        const baseline = (bl && bl.y0 > 0 ? (bl.y0 + bl.y1) / 2 : line.bbox.y1) * k;
        const bold = lineWords.some((wd) => !!(wd as { is_bold?: boolean }).is_bold);
        const italic = lineWords.some((wd) => !!(wd as { is_italic?: boolean }).is_italic);
        lines.push({
          words: lineWords.map((wd) => ({
            text: wd.text,
            x0: wd.bbox.x0 * k,
            y0: wd.bbox.y0 * k,
            x1: wd.bbox.x1 * k,
            y1: wd.bbox.y1 * k,
            conf: wd.confidence,
          })),
          baseline,
          slope: bl && bl.x1 - bl.x0 > 0 ? (bl.y1 - bl.y0) / (bl.x1 - bl.x0) : undefined,
          size,
          para: paraNo,
          bold,
          italic,
        });
        wordCount += lineWords.length;
        for (const wd of lineWords) confSum += wd.confidence;
      }
    }
  }
  return { lines, confidence: wordCount ? confSum / wordCount : 0 };
}
