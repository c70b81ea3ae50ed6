// Text runs as pdf.js extraction gives them, for the layout tests: upright, black, regular, visible; each
// test names only what its case is about.
import type { TextRun } from '@/lib/tools/pdf/pdfjs/protocol';

export function textRun(str: string, x: number, y: number, w: number, more: Partial<TextRun> = {}): TextRun {
  return {
    str,
    x,
    y,
    w,
    size: 10,
    font: 'Times',
    generic: 'serif',
    bold: false,
    italic: false,
    color: '#000000',
    rotated: false,
    eol: false,
    invisible: false,
    ...more,
  };
}
