// Character and byte counts for the Count tool (SPEC sections 2, 3, 5). Pure and browser-safe: the page
// computes the figures itself and the API handler uses the same function.
//
// "Characters" are user-perceived characters (extended grapheme clusters, Intl.Segmenter): a flag emoji, an
// emoji with a skin tone, a ZWJ family, a Korean syllable (precomposed or as conjoining jamo) and a letter with
// combining accents each count as 1. Bytes are the UTF-8 encoding. "Without spaces" removes only U+0020.

export interface CountResult {
  /** Characters of the text. */
  chars: number;
  /** UTF-8 bytes of the text. */
  bytes: number;
  /** Characters once every U+0020 is removed. */
  chars_ns: number;
  /** UTF-8 bytes once every U+0020 is removed. */
  bytes_ns: number;
}

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

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** The first `max` user-perceived characters of the text (the text itself when it is short enough). */
export function clampChars(text: string, max: number): string {
  if (text.length <= max) return text; // never more characters than UTF-16 code units
  const parts = graphemes(text);
  return parts.length <= max ? text : parts.slice(0, max).join('');
}

export function countText(text: string): CountResult {
  const noSpaces = text.replaceAll(' ', '');
  return {
    chars: charCount(text),
    bytes: utf8Bytes(text),
    chars_ns: charCount(noSpaces),
    bytes_ns: utf8Bytes(noSpaces),
  };
}
