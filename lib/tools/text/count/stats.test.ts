import { lineCount, paragraphCount, sentenceCount, textStats, wordCount } from './stats';

describe('textStats', () => {
  it('counts an empty text as zero everywhere', () => {
    expect(textStats('')).toEqual({
      words: 0,
      sentences: 0,
      paragraphs: 0,
      lines: 0,
      reading_seconds: 0,
      speaking_seconds: 0,
    });
  });

  it('counts English words, sentences, paragraphs and lines', () => {
    const text = 'Hello, world. How are you?\nFine!\n\nNew paragraph here.';
    expect(wordCount(text)).toBe(9);
    expect(sentenceCount(text)).toBe(4);
    expect(paragraphCount(text)).toBe(2);
    expect(lineCount(text)).toBe(4);
  });

  it('counts a Korean eojeol as one word and Japanese without spaces by words', () => {
    expect(wordCount('학교에서 공부를 했다.')).toBe(3);
    expect(wordCount('私は学生です')).toBeGreaterThan(1);
    expect(wordCount('... !!! 123')).toBe(1);
  });

  it('gives reading and speaking time from words (230 and 150 a minute, rounded up)', () => {
    const text = 'word '.repeat(230);
    expect(textStats(text)).toMatchObject({ words: 230, reading_seconds: 60, speaking_seconds: 92 });
    expect(textStats('one')).toMatchObject({ reading_seconds: 1, speaking_seconds: 1 });
  });

  it('treats CR LF as one line break and blank lines with spaces as separators', () => {
    expect(lineCount('a\r\nb')).toBe(2);
    expect(paragraphCount('a\n   \nb\n\n\n')).toBe(2);
    expect(lineCount('\n')).toBe(2);
  });
});
