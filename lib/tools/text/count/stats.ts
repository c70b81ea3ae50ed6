// Words, sentences, paragraphs, lines, reading and speaking time for the Count tool (issue 21). Pure and
// browser-safe: the page computes them itself; POST /api/text/count/ returns the same figures.
//
// - Words: Intl.Segmenter word segments that are word-like (so Japanese without spaces is split into words
//   and punctuation is not a word); a Korean eojeol ("학교에서") is one word.
// - Sentences: Intl.Segmenter sentence segments holding a letter or a digit.
// - Paragraphs: runs of non-blank lines separated by at least one blank line.
// - Lines: 0 for an empty text, else line breaks (CR LF, CR, LF, U+2028, U+2029) + 1.
// - Reading time at 230 words a minute, speaking time at 150 (common averages for adult silent reading and
//   presentation speech), rounded up to the second.

export const READING_WPM = 230;
export const SPEAKING_WPM = 150;

export interface TextStats {
  words: number;
  sentences: number;
  paragraphs: number;
  lines: number;
  reading_seconds: number;
  speaking_seconds: number;
}

type Seg = { segment: string; isWordLike?: boolean };
type SegmenterCtor = new (
  l?: string,
  o?: { granularity: 'word' | 'sentence' },
) => { segment(s: string): Iterable<Seg> };
const Segmenter = (Intl as unknown as { Segmenter?: SegmenterCtor }).Segmenter;

// An empty text builds no segmenter: the Count page calls these at load, and a page's first segmenter loads
// ICU data (~35 ms of a phone's main thread during hydration).
export function wordCount(text: string): number {
  if (text === '') return 0;
  if (!Segmenter) return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  let n = 0;
  for (const s of new Segmenter(undefined, { granularity: 'word' }).segment(text)) if (s.isWordLike) n++;
  return n;
}

export function sentenceCount(text: string): number {
  if (text === '') return 0;
  if (!Segmenter) return text.split(/[.!?。！？]+/u).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
  let n = 0;
  for (const s of new Segmenter(undefined, { granularity: 'sentence' }).segment(text))
    if (/[\p{L}\p{N}]/u.test(s.segment)) n++;
  return n;
}

const BREAK = /\r\n|\r|\n|\u2028|\u2029/;

export function lineCount(text: string): number {
  return text === '' ? 0 : text.split(BREAK).length;
}

export function paragraphCount(text: string): number {
  let n = 0;
  let inParagraph = false;
  for (const line of text.split(BREAK)) {
    const blank = line.trim() === '';
    if (!blank && !inParagraph) n++;
    inParagraph = !blank;
  }
  return n;
}

export function textStats(text: string): TextStats {
  const words = wordCount(text);
  return {
    words,
    sentences: sentenceCount(text),
    paragraphs: paragraphCount(text),
    lines: lineCount(text),
    reading_seconds: Math.ceil((words * 60) / READING_WPM),
    speaking_seconds: Math.ceil((words * 60) / SPEAKING_WPM),
  };
}
