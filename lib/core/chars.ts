// The site's one character measure: user-perceived characters (extended grapheme clusters, Intl.Segmenter),
// so a flag, an emoji with a skin tone, a Korean syllable or a letter with combining accents is 1. Every
// 'n / limit' counter, the text limits and the PDF-lock password length use it. Browser-safe.

type Segmenter = { segment(input: string): Iterable<{ segment: string }> };
let segmenter: Segmenter | null | undefined;

function getSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    const Ctor = (Intl as unknown as { Segmenter?: new (l?: string, o?: { granularity: 'grapheme' }) => Segmenter })
      .Segmenter;
    segmenter = Ctor ? new Ctor(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

/** The text's user-perceived characters, in order (code points where Intl.Segmenter is missing). */
export function graphemes(text: string): string[] {
  const seg = getSegmenter();
  if (!seg) return Array.from(text);
  const out: string[] = [];
  for (const { segment } of seg.segment(text)) out.push(segment);
  return out;
}

/** Number of user-perceived characters: the measure of every 'n / limit' counter. */
export function charCount(text: string): number {
  // Fast path: ASCII without CR has exactly one character per code unit.
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u000c\u000e-\u007f]*$/.test(text)) return text.length;
  return graphemes(text).length;
}

/** The first `max` user-perceived characters of the text (the text itself when it is short enough). */
export function clampChars(text: string, max: number): string {
  if (text.length <= max) return text; // never more characters than UTF-16 code units
  const parts = graphemes(text);
  return parts.length <= max ? text : parts.slice(0, max).join('');
}
