// Every figure POST /api/text/count/ returns: the spec's four (chars, bytes, chars_ns, bytes_ns) and, for API
// clients, issue 21's extras. The page computes the same figures in the browser from the same functions.
import { byteRuleCounts, type ByteRuleCounts } from './byte-rules';
import { countText, type CountResult } from './count';
import { textStats } from './stats';

export type CountFigures = CountResult &
  ByteRuleCounts & {
    words: number;
    sentences: number;
    paragraphs: number;
    lines: number;
    reading_seconds: number;
  };

export function countFigures(text: string): CountFigures {
  const { words, sentences, paragraphs, lines, reading_seconds } = textStats(text);
  return { ...countText(text), words, sentences, paragraphs, lines, reading_seconds, ...byteRuleCounts(text) };
}
