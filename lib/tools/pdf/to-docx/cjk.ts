// Chinese and Japanese text: letters of the Han, Hiragana and Katakana scripts and the full-width forms.
// Such text sets no space between words, nor where a line breaks, and its fonts are fixed-pitch (pdf.js
// calls IPAex Mincho "monospace"), which says nothing of code. Its punctuation alone does not make text
// Chinese: TeX maps ⟨ ⟩ in English prose to the CJK angle brackets 〈 〉.
export const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uff9f]/u;

const LETTER = /[\p{L}\p{N}]/u;
const lastLetter = (s: string) => [...s].reverse().find((c) => LETTER.test(c)) ?? '';
const firstLetter = (s: string) => [...s].find((c) => LETTER.test(c)) ?? '';

/** Whether Chinese or Japanese text meets other text where `before` ends and `after` starts: the letter
 * nearest the meeting on either side is one of theirs ("場合に、" then "digits": に). */
export const cjkMeet = (before: string, after: string): boolean =>
  CJK.test(lastLetter(before)) || CJK.test(firstLetter(after));
