// Right-to-left scripts in PDF to Word: which text is mostly Hebrew, Arabic (or another RTL script), so its
// paragraph is laid out right to left, breaks where a right-to-left paragraph ends, and aligns mirrored.
import type { TextRun } from '../pdfjs/protocol';
import type { Line } from './layout';

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, …, their presentation forms). */
export const RTL_LETTER =
  /[\p{sc=Hebrew}\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}\p{sc=Samaritan}\p{sc=Mandaic}]/gu;
const LTR_LETTER =
  /(?![\p{sc=Hebrew}\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}\p{sc=Samaritan}\p{sc=Mandaic}])\p{L}/gu;

/** More letters of right-to-left scripts than of others in the lines (none: not right to left). */
export function mostlyRtl(lines: Line[]): boolean {
  const text = lines.flatMap((l) => l.runs.map((r) => r.str)).join('');
  const rtl = text.match(RTL_LETTER)?.length ?? 0;
  return rtl > 0 && rtl > (text.match(LTR_LETTER)?.length ?? 0);
}

const hasRtl = (s: string) => s.search(RTL_LETTER) >= 0;
const leftToRight = (r: TextRun) => !hasRtl(r.str) && /[\p{L}\p{N}]/u.test(r.str);

/**
 * A line's runs (left to right as placed) in reading order for a right-to-left paragraph: right to left,
 * but a stretch of left-to-right runs (a Latin phrase, a number in pieces) keeps its own order, as the
 * bidi algorithm shows it; punctuation between two of them stays inside the stretch.
 */
export function readingOrder(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let i = runs.length - 1;
  while (i >= 0) {
    if (!leftToRight(runs[i])) {
      out.push(runs[i--]);
      continue;
    }
    let j = i;
    while (j > 0 && (leftToRight(runs[j - 1]) || (j > 1 && !hasRtl(runs[j - 1].str) && leftToRight(runs[j - 2])))) j--;
    out.push(...runs.slice(j, i + 1));
    i = j - 1;
  }
  return out;
}
