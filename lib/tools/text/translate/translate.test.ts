// translateText end to end: validation, detection, the Apertium engine for real, and the LibreTranslate and
// DeepL adapters against a local HTTP server that speaks their documented formats (and their errors).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@/lib/core/errors';
import { configuredProviders, translateText, TranslateError } from './translate';
import { deeplBaseUrl } from './providers/deepl';
import { parseModes, route } from './providers/apertium';
import { splitText } from './split';

const ENV_KEYS = [
  'TRANSLATE_PROVIDERS',
  'LIBRETRANSLATE_URL',
  'LIBRETRANSLATE_API_KEY',
  'DEEPL_API_KEY',
  'DEEPL_API_URL',
  'TRANSLATE_TIMEOUT_MS',
];
afterEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
});

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
interface Fake {
  url: string;
  requests: { path: string; headers: http.IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
}

async function fakeServer(handler: Handler): Promise<Fake> {
  const requests: Fake['requests'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: AppError) => e,
  );

describe('validation', () => {
  it.each([
    ['blank text', { text: '   ', input_language: 'en', output_language: 'es' }, /Enter some text/],
    [
      '5001 characters',
      { text: 'x'.repeat(5001), input_language: 'en', output_language: 'es' },
      /too long: 5001 characters; the limit is 5000/,
    ],
    ['unknown input', { text: 'hi', input_language: 'xx', output_language: 'es' }, /Unsupported input language "xx"/],
    ['auto output', { text: 'hi', input_language: 'en', output_language: 'auto' }, /Auto detect is only for the input/],
    ['unknown output', { text: 'hi', input_language: 'en', output_language: 'zh' }, /Unsupported output language "zh"/],
    ['no text', { input_language: 'en', output_language: 'es' }, /Enter some text/],
  ])('%s is refused', async (_label, req, message) => {
    const e = await failure(translateText(req as never));
    expect(e).toBeInstanceOf(AppError);
    expect([e.code, e.message]).toEqual(['BAD_REQUEST', expect.stringMatching(message)]);
  });

  it('returns same-language text unchanged, and symbols as they are', async () => {
    process.env.TRANSLATE_PROVIDERS = 'none';
    await expect(translateText({ text: 'Hola amigos', input_language: 'es', output_language: 'es' })).resolves.toEqual({
      translated_text: 'Hola amigos',
      detected_language: null,
    });
    await expect(
      translateText({ text: 'Guten Morgen, wie geht es dir?', input_language: 'auto', output_language: 'de' }),
    ).resolves.toEqual({ translated_text: 'Guten Morgen, wie geht es dir?', detected_language: 'de' });
    await expect(
      translateText({ text: '12 + 30 = 42', input_language: 'auto', output_language: 'ko' }),
    ).resolves.toEqual({ translated_text: '12 + 30 = 42', detected_language: null });
  });
});

describe('Apertium (local engine, for real)', () => {
  beforeEach(() => {
    process.env.TRANSLATE_PROVIDERS = 'apertium';
  });

  it("translates 'Hello world' from English to Spanish", async () => {
    const r = await translateText({ text: 'Hello world', input_language: 'en', output_language: 'es' });
    expect(r.translated_text).toMatch(/^Hola mundo$/i);
  });

  it('detects English with auto and pivots English → Portuguese through Spanish', async () => {
    const r = await translateText({
      text: 'Hello world. Good morning, my friend!',
      input_language: 'auto',
      output_language: 'pt',
    });
    expect(r.detected_language).toBe('en');
    expect(r.translated_text).toMatch(/Olá mundo/i);
    expect(r.translated_text).toMatch(/amigo/i);
  });

  it('names the pair and the languages it has for the visitor; the administrator hint is a separate field', async () => {
    const e = await failure(
      translateText({ text: '안녕하세요, 만나서 반갑습니다', input_language: 'auto', output_language: 'en' }),
    );
    expect(e).toBeInstanceOf(TranslateError);
    expect(e.code).toBe('NOT_IMPLEMENTED');
    expect(e.message).toBe(
      'Translation from Korean to English is not available here. This site translates between English, Spanish, French, Portuguese and Italian.',
    );
    expect((e as TranslateError).detected_language).toBe('ko');
    expect(e.fields).toEqual({
      detected_language: 'ko',
      translated_text: null,
      available_languages: ['en', 'es', 'fr', 'pt', 'it'],
      admin_hint: expect.stringMatching(/LibreTranslate or DeepL/),
    });
  });

  it('hands an Apertium-only pair to a device that can translate, with Apertium as the fallback (issue 16)', async () => {
    await expect(
      translateText({
        text: 'I would like to merge two PDF files',
        input_language: 'auto',
        output_language: 'es',
        device: true,
      }),
    ).resolves.toEqual({ translated_text: null, detected_language: 'en', handoff: 'device', server_fallback: true });
    // No server engine at all for the pair: the device is the only chance.
    await expect(
      translateText({ text: 'Hello, how are you today?', input_language: 'en', output_language: 'ko', device: true }),
    ).resolves.toEqual({ translated_text: null, detected_language: null, handoff: 'device', server_fallback: false });
    // Without the flag (the spec's clients), Apertium translates as before.
    const r = await translateText({ text: 'Hello world', input_language: 'en', output_language: 'es' });
    expect(r.translated_text).toMatch(/^Hola mundo$/i);
  });

  it('refuses a device flag that is not a boolean', async () => {
    const e = await failure(
      translateText({ text: 'Hello', input_language: 'en', output_language: 'es', device: 'yes' }),
    );
    expect([e.code, e.message]).toEqual(['BAD_REQUEST', 'The field "device" must be true or false.']);
  });

  it('parses `apertium -l` and routes through Spanish', () => {
    const modes = parseModes('  eco-es-fr\n  eng-spa\n  es-pt\n  es-pt_BR\n  spa-eng\n  pt-es\n');
    expect(route(modes, 'en', 'es')).toEqual(['eng-spa']);
    expect(route(modes, 'en', 'pt')).toEqual(['eng-spa', 'es-pt']);
    expect(route(modes, 'pt', 'en')).toEqual(['pt-es', 'spa-eng']);
    expect(route(modes, 'en', 'fr')).toBeNull();
  });
});

describe('LibreTranslate adapter', () => {
  let server: Fake;
  let mode: 'ok' | 'bad-request' | 'bad-key' | 'slow-down' | 'hang' | 'crash' = 'ok';
  beforeAll(async () => {
    server = await fakeServer((req, body, res) => {
      if (req.url === '/languages') {
        return json(res, 200, [
          { code: 'en', name: 'English', targets: ['en', 'ko', 'fr'] },
          { code: 'ko', name: 'Korean', targets: ['en', 'ko'] },
          { code: 'fr', name: 'French', targets: ['en', 'fr'] },
        ]);
      }
      if (req.url !== '/translate') return json(res, 404, { error: 'Not found' });
      const q = JSON.parse(body) as { q: string; source: string; target: string; format: string; api_key?: string };
      if (mode === 'hang') return; // never answers
      if (mode === 'bad-request') return json(res, 400, { error: `${q.target} is not supported` });
      if (mode === 'bad-key') return json(res, 403, { error: 'Invalid API key' });
      if (mode === 'slow-down') return json(res, 429, { error: 'Slowdown: too many requests' });
      if (mode === 'crash') return json(res, 500, { error: 'Internal error' });
      json(res, 200, { translatedText: `[${q.source}>${q.target}] ${q.q.toUpperCase()}` });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    mode = 'ok';
    server.requests.length = 0;
    process.env.TRANSLATE_PROVIDERS = 'libretranslate';
    process.env.LIBRETRANSLATE_URL = `${server.url}/`;
    process.env.LIBRETRANSLATE_API_KEY = 'secret-key';
  });

  it('posts {q, source, target, format, api_key} and returns translatedText', async () => {
    const r = await translateText({ text: '안녕하세요', input_language: 'auto', output_language: 'en' });
    expect(r).toEqual({ translated_text: '[ko>en] 안녕하세요', detected_language: 'ko' });
    const post = server.requests.find((q) => q.path === '/translate');
    expect(JSON.parse(post!.body)).toEqual({
      q: '안녕하세요',
      source: 'ko',
      target: 'en',
      format: 'text',
      api_key: 'secret-key',
    });
  });

  it('splits long text at sentence boundaries within 2000 characters and keeps the line breaks', async () => {
    const para = 'This sentence is part of a long letter. '.repeat(40).trim();
    const text = `${para}\n\n${para}\n\n${para}`.slice(0, 5000);
    const r = await translateText({ text, input_language: 'en', output_language: 'fr' });
    const posts = server.requests.filter((q) => q.path === '/translate').map((q) => JSON.parse(q.body).q as string);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const q of posts) {
      expect(q.length).toBeLessThanOrEqual(2000);
      expect(q).toMatch(/^This/);
    }
    expect((r.translated_text as string).replace(/\[en>fr\] /g, '')).toBe(text.toUpperCase());
  });

  it('does not offer pairs the instance has not loaded', async () => {
    const e = await failure(translateText({ text: 'Bonjour', input_language: 'fr', output_language: 'ko' }));
    expect([e.code, e.message]).toEqual([
      'NOT_IMPLEMENTED',
      expect.stringMatching(/^Translation from French to Korean is not available here\./),
    ]);
  });

  it.each([
    ['bad-request', 'UNPROCESSABLE', /could not translate this text \(en is not supported\)/],
    ['bad-key', 'UNAVAILABLE', /refused this server's credentials/],
    ['slow-down', 'RATE_LIMITED', /busy or has reached its usage limit/],
    ['crash', 'UNAVAILABLE', /The translation service failed/],
  ] as const)('turns a %s reply into a clear error', async (m, code, message) => {
    mode = m;
    const e = await failure(translateText({ text: 'Hello there', input_language: 'ko', output_language: 'en' }));
    expect([e.code, e.message]).toEqual([code, expect.stringMatching(message)]);
  });

  it('gives up after TRANSLATE_TIMEOUT_MS instead of hanging', async () => {
    mode = 'hang';
    process.env.TRANSLATE_TIMEOUT_MS = '300';
    const started = Date.now();
    const e = await failure(translateText({ text: 'Hello there', input_language: 'en', output_language: 'ko' }));
    expect([e.code, e.message]).toEqual([
      'TIMEOUT',
      'The translation service took too long to answer. Please try again.',
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('hands over to the next engine that has the pair, and never logs the text', async () => {
    mode = 'crash';
    process.env.TRANSLATE_PROVIDERS = 'libretranslate,apertium';
    const spies = (['log', 'info', 'warn', 'error'] as const).map((k) =>
      jest.spyOn(console, k).mockImplementation(() => undefined),
    );
    try {
      const r = await translateText({ text: 'Hello world', input_language: 'en', output_language: 'fr' });
      expect(r.translated_text).toMatch(/monde/i);
      const logged = spies.flatMap((s) => s.mock.calls.flat()).join(' ');
      expect(logged).toMatch(/LibreTranslate en->fr failed: server/);
      expect(logged).not.toMatch(/Hello world/);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });

  it('unreachable server → clear error', async () => {
    process.env.LIBRETRANSLATE_URL = 'http://127.0.0.1:9';
    const e = await failure(translateText({ text: 'Hello', input_language: 'en', output_language: 'ko' }));
    expect([e.code, e.message]).toEqual([
      'UNAVAILABLE',
      'The translation service cannot be reached right now. Please try again later.',
    ]);
  });
});

describe('DeepL adapter', () => {
  let server: Fake;
  let status = 200;
  beforeAll(async () => {
    server = await fakeServer((req, body, res) => {
      if (req.url !== '/v2/translate') return json(res, 404, { message: 'Not found' });
      if (status !== 200)
        return json(res, status, {
          message:
            status === 456 ? 'Quota exceeded' : status === 403 ? 'Wrong key' : 'Value for target_lang not supported.',
        });
      const b = JSON.parse(body) as { text: string[]; source_lang: string; target_lang: string };
      json(res, 200, {
        translations: b.text.map((t) => ({ detected_source_language: b.source_lang, text: `<${b.target_lang}> ${t}` })),
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    status = 200;
    server.requests.length = 0;
    process.env.TRANSLATE_PROVIDERS = 'deepl';
    process.env.DEEPL_API_KEY = 'abc-123:fx';
    process.env.DEEPL_API_URL = server.url;
  });

  it('sends the key in the Authorization header and the text as an array', async () => {
    const r = await translateText({ text: 'Bom dia a todos', input_language: 'pt', output_language: 'en' });
    expect(r.translated_text).toBe('<EN-US> Bom dia a todos');
    const req = server.requests[0];
    expect(req.headers.authorization).toBe('DeepL-Auth-Key abc-123:fx');
    expect(JSON.parse(req.body)).toEqual({ text: ['Bom dia a todos'], source_lang: 'PT', target_lang: 'EN-US' });
  });

  it.each([
    [456, 'RATE_LIMITED'],
    [429, 'RATE_LIMITED'],
    [403, 'UNAVAILABLE'],
    [400, 'UNPROCESSABLE'],
    [503, 'UNAVAILABLE'],
  ])('HTTP %i → %s', async (s, code) => {
    status = s;
    const e = await failure(translateText({ text: 'Hello', input_language: 'en', output_language: 'ja' }));
    expect(e.code).toBe(code);
  });

  it('uses the free endpoint for keys ending in :fx, else the pro one', () => {
    expect(deeplBaseUrl('k:fx')).toBe('https://api-free.deepl.com');
    expect(deeplBaseUrl('k')).toBe('https://api.deepl.com');
    expect(deeplBaseUrl('k', 'http://x/')).toBe('http://x');
  });

  it('translates on the server even for a device-capable page when DeepL has the pair', async () => {
    const r = await translateText({ text: 'Hello', input_language: 'en', output_language: 'ko', device: true });
    expect(r).toEqual({ translated_text: '<KO> Hello', detected_language: null });
  });

  it('takes precedence over Apertium in the default order', async () => {
    delete process.env.TRANSLATE_PROVIDERS;
    expect((await configuredProviders()).map((p) => p.id)).toEqual(['deepl', 'apertium']);
    const r = await translateText({ text: 'Hello world', input_language: 'en', output_language: 'es' });
    expect(r.translated_text).toBe('<ES> Hello world');
  });
});

describe('splitText', () => {
  it('keeps every character and cuts an over-long sentence at a space', () => {
    const text = `${'word '.repeat(30)}end. Short one.\n\nNext paragraph.`;
    const chunks = splitText(text, 40, 'en');
    expect(chunks.map((c) => c.lead + c.text + c.trail).join('')).toBe(text);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(40);
  });
});
