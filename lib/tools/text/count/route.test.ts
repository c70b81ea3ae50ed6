// POST /api/text/count/ through the real route handler: the spec's four figures unchanged, issue 21's extras.
import { call, json, useTestDataDir } from '@/tests/support/api';

useTestDataDir();

const post = (body: unknown) =>
  call('POST', '/api/text/count/', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

describe('POST /api/text/count/', () => {
  it('returns the spec figures and the extra figures', async () => {
    const res = await post({ text: '안녕하세요 John!\n\n학교 생활.' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      error: null,
      // '안녕하세요 John!' (11 characters, 21 UTF-8 bytes), two line breaks, '학교 생활.' (6, 14).
      chars: 19,
      bytes: 37,
      chars_ns: 17,
      bytes_ns: 35,
      words: 4,
      sentences: 2,
      paragraphs: 2,
      lines: 3,
      reading_seconds: 2,
      // Line breaks count 2 in both rules; Hangul 2 (EUC-KR) or 3 (NEIS); ASCII 1.
      bytes_euc_kr: 16 + 4 + 10,
      bytes_euc_kr_ns: 15 + 4 + 9,
      bytes_neis: 21 + 4 + 14,
      bytes_neis_ns: 20 + 4 + 13,
    });
  });

  it('refuses a missing text with 400', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ success: false });
  });
});
