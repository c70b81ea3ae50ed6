// A scan that already has a text layer (OCRmyPDF, Acrobat's "Recognize Text", a scanner's searchable PDF):
// the page is its picture and the words over it are invisible (render mode 3). Laid out as text, the
// invisible words became visible paragraphs in the page's flow and the scan was dropped (it looked like
// neither the scan nor a document). Read instead as a scanned page whose words are already known: the
// layer's words in lines with their boxes, as OCR would give them, with no OCR run (the file's own text is
// kept, whatever language it is in); ocr-page.ts then cleans them off the scan and sets them at their places.
// The pdf.js thread marks such a page (RenderedPage.textLayer) when it renders it.
import type { TextRun } from '../pdfjs/protocol';
import type { OcrLine, OcrWord } from './ocr';

interface Word extends OcrWord {
  base: number;
  size: number;
}

/** A run as one "word" with its exact box: pdf.js joins a line's words into one run, and sharing its width
 * by character count puts the inner word edges off the scan's glyphs (the cleaning then leaves slivers). */
function runWords(r: TextRun): Word[] {
  const text = r.str.trim();
  if (!text || !(r.w > 0)) return [];
  const per = r.w / r.str.length;
  const lead = r.str.length - r.str.trimStart().length;
  const x0 = r.x + lead * per;
  return [
    {
      text,
      x0,
      x1: x0 + text.length * per,
      y0: r.y - 0.8 * r.size,
      y1: r.y + 0.25 * r.size,
      conf: 100,
      base: r.y,
      size: r.size,
    },
  ];
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];

/** The text layer's words as lines (a baseline band, cut at gaps wider than 2.5 em: columns), top to bottom.
 * Visible words count too: a stamp set over a scan with a layer (stamped-scan.ts), kept as exact text. */
export function textLayerLines(runs: TextRun[]): OcrLine[] {
  const words = runs
    .filter((r) => !r.rotated && r.size > 0)
    .flatMap(runWords)
    .sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const bands: Word[][] = [];
  for (const w of words) {
    const band = bands[bands.length - 1];
    if (band && Math.abs(w.base - median(band.map((b) => b.base))) <= 0.35 * Math.min(w.size, band[0].size))
      band.push(w);
    else bands.push([w]);
  }
  const lines: OcrLine[] = [];
  for (const band of bands) {
    band.sort((a, b) => a.x0 - b.x0);
    let cur: Word[] = [];
    const flush = () => {
      if (!cur.length) return;
      const size = median(cur.map((w) => w.size));
      const baseline = median(cur.map((w) => w.base));
      // every word's box spans the line's height (a layer's sizes vary by word; the scan's glyphs do not)
      const top = Math.min(...cur.map((w) => w.y0));
      const bottom = Math.max(...cur.map((w) => w.y1));
      lines.push({
        words: cur.map(({ text, x0, x1, conf }) => ({ text, x0, y0: top, x1, y1: bottom, conf })),
        baseline,
        size,
        para: 1,
        bold: false,
        italic: false,
      });
      cur = [];
    };
    for (const w of band) {
      const prev = cur[cur.length - 1];
      if (prev && w.x0 - prev.x1 > 2.5 * Math.max(prev.size, w.size)) flush();
      cur.push(w);
    }
    flush();
  }
  // reading order for framed lines does not matter for their places; top to bottom, then left to right
  return lines.sort((a, b) => a.baseline - b.baseline || a.words[0].x0 - b.words[0].x0);
}
