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

// The character measure itself is shared with the password rule (lib/core/chars.ts).
import { charCount, clampChars, graphemes } from '@/lib/core/chars';

export { charCount, clampChars, graphemes };

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
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
