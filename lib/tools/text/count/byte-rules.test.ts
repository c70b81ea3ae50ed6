import { execFileSync } from 'node:child_process';
import { byteRuleCounts, bytesUnder, eucKrBytes, neisBytes } from './byte-rules';

// Worked examples from public references (docs/notes/image-text.md, "Count: byte rules"):
// - tistory.minikode.com/m/41 "UTF-8 vs EUC-KR": '안녕하세요 John!' is 5 Hangul x 3 + 6 = 21 bytes in UTF-8 and
//   5 x 2 + 6 = 16 in EUC-KR.
// - holjjack.tistory.com/145: '헬로우월드다' is 18 bytes in UTF-8 and 12 when Hangul counts 2.
// - NomaDamas/k-skill docs/features/korean-character-count.md, neis profile: Hangul 3, ASCII 1, Enter 2,
//   others UTF-8; '가나다' = 9.
describe('EUC-KR / CP949 rule', () => {
  it('matches the published examples', () => {
    expect(eucKrBytes('안녕하세요 John!')).toBe(16);
    expect(bytesUnder('utf8', '안녕하세요 John!')).toBe(21);
    expect(eucKrBytes('헬로우월드다')).toBe(12);
    expect(bytesUnder('utf8', '헬로우월드다')).toBe(18);
  });

  it('counts syllables outside KS X 1001 (CP949 extension), Hanja, kana and KS symbols as 2', () => {
    expect(eucKrBytes('똠')).toBe(2); // U+B620: only in CP949's Unified Hangul Code
    expect(eucKrBytes('國')).toBe(2);
    expect(eucKrBytes('あ')).toBe(2);
    expect(eucKrBytes('①※')).toBe(4);
  });

  it('knows exactly the characters glibc iconv encodes in CP949 (an independent table), and counts like it', () => {
    let bmp = '';
    for (let cp = 0x80; cp < 0x10000; cp++) if (cp < 0xd800 || cp > 0xdfff) bmp += String.fromCharCode(cp);
    // iconv -c drops what CP949 cannot encode; decoding the rest back gives iconv's character set.
    const encoded = execFileSync('iconv', ['-c', '-f', 'UTF-8', '-t', 'CP949'], {
      input: Buffer.from(bmp, 'utf8'),
      maxBuffer: 1 << 24,
    });
    const back = execFileSync('iconv', ['-f', 'CP949', '-t', 'UTF-8'], { input: encoded, maxBuffer: 1 << 24 }).toString(
      'utf8',
    );
    const theirs = [...back].map((c) => c.codePointAt(0) as number);
    const ours = [...bmp].filter((c) => eucKrBytes(c) === 2).map((c) => c.codePointAt(0) as number);
    expect(theirs.length).toBe(17_048);
    expect(ours).toEqual(theirs);
    // For text CP949 can encode, the figure is iconv's byte count once line breaks are CR LF.
    const text = '학교생활기록부 · 성실함 ― ① ※ 國 あ\nOK';
    const iconvBytes = execFileSync('iconv', ['-f', 'UTF-8', '-t', 'CP949'], {
      input: Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8'),
    }).length;
    expect(eucKrBytes(text)).toBe(iconvBytes);
  });

  it('counts a line break as CR LF (2), however it is written', () => {
    expect(eucKrBytes('a\nb')).toBe(4);
    expect(eucKrBytes('a\r\nb')).toBe(4);
  });

  it('counts a character outside CP949 as the &#N; reference a browser submits', () => {
    expect(eucKrBytes('😀')).toBe('&#128512;'.length);
    expect(eucKrBytes('ắ')).toBe('&#7855;'.length);
  });
});

describe('NEIS rule', () => {
  it('matches the published example and the rule', () => {
    expect(neisBytes('가나다')).toBe(9);
    expect(neisBytes('가\n나')).toBe(8);
    expect(neisBytes('가\r\n나')).toBe(8);
    expect(neisBytes('Hi 1.')).toBe(5);
  });

  it('counts a decomposed syllable as one Hangul character, others by UTF-8', () => {
    expect(neisBytes('한'.normalize('NFD'))).toBe(3);
    expect(neisBytes('·')).toBe(2);
    expect(neisBytes('①')).toBe(3);
    expect(neisBytes('😀')).toBe(4);
  });
});

describe('byteRuleCounts', () => {
  it('gives the four API figures; without spaces removes only U+0020', () => {
    expect(byteRuleCounts('학교 생활\n성실함')).toEqual({
      bytes_euc_kr: 2 * 7 + 1 + 2,
      bytes_euc_kr_ns: 2 * 7 + 2,
      bytes_neis: 3 * 7 + 1 + 2,
      bytes_neis_ns: 3 * 7 + 2,
    });
    expect(byteRuleCounts('')).toEqual({ bytes_euc_kr: 0, bytes_euc_kr_ns: 0, bytes_neis: 0, bytes_neis_ns: 0 });
  });
});
