// A scan carrying a little digital text (issue 19): an ECF header, a Bates number, a scanner app's footer,
// a "Received" stamp over a scanned page. pdfjs/scan-source.ts renders such a page (a picture covering the
// page, at scan resolution and mostly paper, under a few small words) with its stamp; here its OCR reading
// decides: a scan's reading holds much more than the digital words (its body text); a photo slide with a
// title, or a certificate's border picture under its text, reads little beyond them and stays a text page.
import type { PageData, TextRun } from '../pdfjs/protocol';
import type { OcrLine } from './ocr';
import { SURE } from './ocr-orient';
import { textLayerLines } from './text-layer';

/** Sure words read beyond the digital ones for a scan (and at least as many as those): a scanned letter's
 * body has 100-400, a sparse invoice ~25 (jverein's), a photograph read by tesseract a few at most. */
const MIN_BEYOND = 12;

/** A digital run's box (baseline at y), a little wider: an OCR word centred in it is that run's. */
const inRun = (r: TextRun, x: number, y: number) =>
  x >= r.x - 2 && x <= r.x + Math.abs(r.w) + 2 && y >= r.y - r.size * 1.1 && y <= r.y + r.size * 0.4;
const shownRuns = (page: PageData) => page.runs.filter((r) => !r.invisible && r.str.trim());
const inAny = (runs: TextRun[], w: { x0: number; y0: number; x1: number; y1: number }) =>
  runs.some((r) => inRun(r, (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2));

/** Whether the OCR reading of a stamped page (`turned`: read turned upright) holds a scan's text beyond
 * its digital words. */
export function readsAsScan(page: PageData, lines: OcrLine[], turned: boolean): boolean {
  const shown = shownRuns(page);
  const digital = shown.reduce((n, r) => n + r.str.trim().split(/\s+/).length, 0);
  const sure = lines
    .flatMap((l) => l.words)
    .filter((w) => w.conf >= SURE && /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(w.text));
  // (turned, the reading's boxes are not the page's: the digital words are taken off by count)
  const beyond = turned ? sure.length - digital : sure.filter((w) => !inAny(shown, w)).length;
  return beyond >= Math.max(MIN_BEYOND, digital);
}

/** The reading of a stamped scan (read as it lies, not turned) with its digital words kept exact: the words
 * OCR read over them give way to the runs' own, at their places (cleaned off the scan and set there as any
 * read word is). */
export function withDigitalWords(page: PageData, lines: OcrLine[]): OcrLine[] {
  const shown = shownRuns(page).filter((r) => !r.rotated);
  const kept = lines
    .map((l) => ({ ...l, words: l.words.filter((w) => !inAny(shown, w)) }))
    .filter((l) => l.words.length);
  return [...kept, ...textLayerLines(shown)].sort((a, b) => a.baseline - b.baseline || a.words[0].x0 - b.words[0].x0);
}
