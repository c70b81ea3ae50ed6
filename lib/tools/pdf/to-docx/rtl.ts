// Right-to-left scripts in PDF to Word: which text is mostly Hebrew, Arabic (or another RTL script), so its
// paragraph is laid out right to left, breaks where a right-to-left paragraph ends, and aligns mirrored.
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
