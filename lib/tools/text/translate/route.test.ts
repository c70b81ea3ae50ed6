// POST /api/text/translate/ through the real route handler: the reply shape the page reads.
import { call, json, useTestDataDir } from '@/tests/support/api';

useTestDataDir({ TRANSLATE_PROVIDERS: 'apertium' });

const post = (body: unknown) =>
  call('POST', '/api/text/translate/', { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

describe('POST /api/text/translate/', () => {
  it('answers {success, error, translated_text, detected_language}', async () => {
    const res = await post({ text: 'Hello world', input_language: 'auto', output_language: 'es' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      error: null,
      translated_text: expect.stringMatching(/^Hola mundo$/i),
      detected_language: 'en',
    });
  });

  it('refuses a bad request with 400 and a clear error', async () => {
    const res = await post({ text: '', input_language: 'en', output_language: 'es' });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ success: false, error: 'Enter some text to translate.' });
  });

  it('names an unavailable pair (501) and sends the detected language in a header', async () => {
    const res = await post({ text: 'こんにちは、元気ですか', input_language: 'auto', output_language: 'en' });
    expect(res.status).toBe(501);
    expect(res.headers.get('x-detected-language')).toBe('ja');
    const body = await json(res);
    expect(body).toMatchObject({ success: false, translated_text: null, detected_language: 'ja' });
    expect(body.error).toMatch(/^Translation from Japanese to English is not available here\./);
    expect(body.error).not.toMatch(/administrator/);
    expect(body.admin_hint).toMatch(/administrator .* LibreTranslate or DeepL/);
    expect(body.available_languages).toEqual(['en', 'es', 'fr', 'pt', 'it']);
  });

  it('hands a pair to the device when the page says it can translate there', async () => {
    const res = await post({
      text: 'Hello, how are you today?',
      input_language: 'auto',
      output_language: 'ko',
      device: true,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      error: null,
      translated_text: null,
      detected_language: 'en',
      handoff: 'device',
      server_fallback: false,
    });
  });
});
