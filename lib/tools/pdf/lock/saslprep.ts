// PDF 2.0 (ISO 32000-2, 7.6.4.3.3) prepares revision 6 passwords with SASLprep (RFC 4013) before UTF-8
// encoding, so that the password typed in Acrobat, pdf.js or qpdf unlocks the file the same way. This is the
// string preparation only (mapping + NFKC), not cryptography. Returns null for prohibited characters.

// RFC 3454 B.1: commonly mapped to nothing (soft hyphen, zero-width joiners, variation selectors...).
const MAP_TO_NOTHING = /[\u00AD\u034F\u1806\u180B-\u180D\u200B-\u200D\u2060\uFE00-\uFE0F\uFEFF]/g;
// RFC 3454 C.1.2: non-ASCII spaces, mapped to U+0020.
const NON_ASCII_SPACE = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;
// RFC 3454 C.2 (control characters), C.3 (private use is allowed in practice, so not here), C.8/C.9 (bidi
// formatting and tags), plus lone surrogates: the characters no reader can agree on.
const PROHIBITED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u206A-\u206F\uFFF9-\uFFFC]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function saslprep(password: string): string | null {
  const mapped = password.replace(MAP_TO_NOTHING, '').replace(NON_ASCII_SPACE, ' ').normalize('NFKC');
  if (PROHIBITED.test(mapped)) return null;
  return mapped;
}
