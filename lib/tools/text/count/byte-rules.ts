// Byte counts under the rules Korean forms are judged by (issue 21). Pure and browser-safe.
//
// - UTF-8: the text's UTF-8 encoding (the spec's figure).
// - EUC-KR / CP949: ASCII 1 byte; a character CP949 encodes (all 11,172 Hangul syllables, KS X 1001 symbols,
//   Hanja, jamo) 2 bytes; a line break 2 bytes (a browser submits a textarea's line breaks as CR LF). A character
//   CP949 cannot encode (emoji, most other scripts) is counted as what a browser sends for it when it submits a
//   form in EUC-KR: the numeric character reference `&#<decimal>;` (HTML standard, form submission with the
//   "html" encoding error mode), e.g. 😀 → `&#128512;` = 9 bytes. That is what an EUC-KR site stores and
//   measures, so it is the honest count against its limit.
// - NEIS (school records, 4th-generation NEIS is UTF-8): a Hangul character 3 bytes, Enter 2 bytes (CR LF),
//   ASCII 1 byte, any other character its UTF-8 length (e.g. '·' 2, '①' 3, an emoji 4). Hangul counts per
//   user-perceived character, so a syllable typed as conjoining jamo is still 3.
// "Without spaces" removes only U+0020, as the spec's figures do.
import { graphemes } from './count';

export type ByteRule = 'utf8' | 'euc_kr' | 'neis';
export const BYTE_RULES: { id: ByteRule; label: string }[] = [
  { id: 'utf8', label: 'UTF-8' },
  { id: 'euc_kr', label: 'EUC-KR / CP949' },
  { id: 'neis', label: 'NEIS (school records)' },
];
export const isByteRule = (v: unknown): v is ByteRule => BYTE_RULES.some((r) => r.id === v);

const LINE_BREAK = /^(?:\r\n|\r|\n)$/;
const encoder = new TextEncoder();

let cp949: Uint8Array | null = null;

/** One flag per BMP code point: 1 when CP949 encodes it in two bytes. CP949 = KS X 1001 (read from the
 * platform's EUC-KR decoder over the 0xA1-0xFE x 0xA1-0xFE block, the same in every implementation) plus
 * the 8,822 Hangul syllables its Unified Hangul Code adds, i.e. every syllable U+AC00-U+D7A3: 17,048
 * characters, the same set as glibc's CP949 (checked in byte-rules.test.ts). */
function cp949Table(): Uint8Array {
  if (cp949) return cp949;
  const table = new Uint8Array(0x10000);
  table.fill(1, 0xac00, 0xd7a4);
  // KS X 1001:1998 added € and ® (0xA2E6, 0xA2E7); browsers and glibc have them, Node's ICU table does not.
  table[0x20ac] = 1;
  table[0xae] = 1;
  const decoder = new TextDecoder('euc-kr');
  const pair = new Uint8Array(2);
  for (let lead = 0xa1; lead <= 0xfe; lead++) {
    pair[0] = lead;
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      pair[1] = trail;
      const s = decoder.decode(pair);
      // ICU fills unassigned cells with private-use code points; those are not characters of the charset.
      const c = s.charCodeAt(0);
      if (s.length === 1 && s !== '\ufffd' && (c < 0xe000 || c > 0xf8ff)) table[c] = 1;
    }
  }
  cp949 = table;
  return table;
}

/** Bytes of one code point under EUC-KR / CP949 (see the header). */
function eucKrCodePoint(cp: number): number {
  if (cp < 0x80) return 1;
  if (cp < 0x10000 && cp949Table()[cp]) return 2;
  return `&#${cp};`.length;
}

export function eucKrBytes(text: string): number {
  let n = 0;
  for (const g of lineBreakUnits(text)) {
    if (LINE_BREAK.test(g)) n += 2;
    else for (const ch of g) n += eucKrCodePoint(ch.codePointAt(0) as number);
  }
  return n;
}

const HANGUL = /\p{Script=Hangul}/u;

export function neisBytes(text: string): number {
  let n = 0;
  for (const g of graphemes(text)) {
    if (LINE_BREAK.test(g)) n += 2;
    else if (HANGUL.test(g)) n += 3;
    else n += encoder.encode(g).length;
  }
  return n;
}

/** Code-point runs with each line break (CR LF, CR or LF) as one unit. */
function lineBreakUnits(text: string): string[] {
  return text.split(/(\r\n|\r|\n)/).filter((s) => s !== '');
}

export interface ByteRuleCounts {
  bytes_euc_kr: number;
  bytes_euc_kr_ns: number;
  bytes_neis: number;
  bytes_neis_ns: number;
}

export function byteRuleCounts(text: string): ByteRuleCounts {
  const ns = text.replaceAll(' ', '');
  return {
    bytes_euc_kr: eucKrBytes(text),
    bytes_euc_kr_ns: eucKrBytes(ns),
    bytes_neis: neisBytes(text),
    bytes_neis_ns: neisBytes(ns),
  };
}

/** Bytes of the text under a rule (the page's selector). */
export function bytesUnder(rule: ByteRule, text: string): number {
  if (rule === 'euc_kr') return eucKrBytes(text);
  if (rule === 'neis') return neisBytes(text);
  return encoder.encode(text).length;
}
