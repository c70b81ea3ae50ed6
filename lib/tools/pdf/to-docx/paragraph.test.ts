import { xmlSafe } from './paragraph';

describe('PDF to Word text hygiene', () => {
  it('drops characters XML 1.0 forbids and keeps everything else', () => {
    expect(xmlSafe('a\u0000b\u0007c\u001fd')).toBe('abcd');
    expect(xmlSafe('tab\tnew\nline')).toBe('tab\tnew\nline');
    expect(xmlSafe('emoji \ud83d\ude00 ok')).toBe('emoji \ud83d\ude00 ok');
    expect(xmlSafe('lone \ud83d high')).toBe('lone  high');
    expect(xmlSafe('Grüße – 日本語')).toBe('Grüße – 日本語');
  });
});
