import { charCount, clampChars, countText, graphemes, utf8Bytes } from './count';

describe('countText', () => {
  it('counts plain ASCII', () => {
    expect(countText('Hello world')).toEqual({ chars: 11, bytes: 11, chars_ns: 10, bytes_ns: 10 });
  });

  it('counts an empty text as zero', () => {
    expect(countText('')).toEqual({ chars: 0, bytes: 0, chars_ns: 0, bytes_ns: 0 });
  });

  it('counts a Korean syllable as 1 character of 3 UTF-8 bytes', () => {
    expect(countText('한국어 텍스트')).toEqual({ chars: 7, bytes: 19, chars_ns: 6, bytes_ns: 18 });
  });

  it('counts conjoining jamo that form one syllable as 1 character', () => {
    const decomposed = '한'.normalize('NFD'); // ᄒ + ᅡ + ᆫ
    expect(decomposed.length).toBe(3);
    expect(countText(decomposed)).toMatchObject({ chars: 1, bytes: 9 });
  });

  it('counts a flag, a skin-tone emoji and a ZWJ family as 1 character each', () => {
    expect(countText('🇰🇷')).toEqual({ chars: 1, bytes: 8, chars_ns: 1, bytes_ns: 8 });
    expect(countText('👍🏽')).toMatchObject({ chars: 1, bytes: 8 });
    expect(countText('👨‍👩‍👧‍👦')).toMatchObject({ chars: 1, bytes: 25 });
  });

  it('counts a letter with a combining accent as 1 character', () => {
    expect(countText('e\u0301')).toMatchObject({ chars: 1, bytes: 3 });
  });

  it('removes only U+0020 for the "without spaces" figures', () => {
    // tab, newline, no-break space, ideographic space stay
    const text = 'a b\tc\nd\u00a0e\u3000f  g';
    expect(countText(text)).toEqual({ chars: 14, bytes: 17, chars_ns: 11, bytes_ns: 14 });
  });

  it('counts CR LF as one character of 2 bytes', () => {
    expect(countText('a\r\nb')).toEqual({ chars: 3, bytes: 4, chars_ns: 3, bytes_ns: 4 });
  });

  it('counts mixed Korean, emoji and spaces', () => {
    expect(countText('안녕 🇰🇷 hi 👍🏽!')).toEqual({ chars: 10, bytes: 28, chars_ns: 7, bytes_ns: 25 });
  });

  it('agrees with TextEncoder for bytes on every figure', () => {
    const text = 'Mixed: 가나다 ABC 😀 ñ — “quotes”';
    const r = countText(text);
    expect(r.bytes).toBe(Buffer.byteLength(text, 'utf8'));
    expect(r.bytes_ns).toBe(Buffer.byteLength(text.replaceAll(' ', ''), 'utf8'));
    expect(utf8Bytes(text)).toBe(r.bytes);
  });
});

describe('charCount / graphemes / clampChars', () => {
  it('uses the same measure as countText', () => {
    for (const t of ['abc', '🇰🇷🇯🇵', '가각', 'a\r\n']) expect(charCount(t)).toBe(countText(t).chars);
    expect(graphemes('a🇰🇷b')).toEqual(['a', '🇰🇷', 'b']);
  });

  it('keeps the first max characters without splitting one', () => {
    expect(clampChars('abcdef', 3)).toBe('abc');
    expect(clampChars('🇰🇷🇯🇵🇺🇸', 2)).toBe('🇰🇷🇯🇵');
    expect(clampChars('👍🏽👍🏽', 1)).toBe('👍🏽');
    const short = '가나다';
    expect(clampChars(short, 5000)).toBe(short);
    expect(charCount(clampChars('😀'.repeat(6000), 5000))).toBe(5000);
  });
});

describe('one character measure (issue 14)', () => {
  it('is the one the PDF-lock password rule uses', async () => {
    const { checkPasswords } = await import('@/lib/client/password');
    // 'e' + combining accent five times: 10 code points but 5 characters, so too short for the 6 minimum.
    const five = 'e\u0301'.repeat(5);
    expect(charCount(five)).toBe(5);
    expect(checkPasswords(five, five)).toMatchObject({ valid: false, passwordError: expect.any(String) });
    expect(checkPasswords(five + 'x', five + 'x')).toMatchObject({ valid: true });
  });
});
