// The on-device path against a stand-in for the browser's Translator API (Chrome's on-device translation):
// feature detection, progress, stall and failure become DeviceTranslationError quickly, chunking as the server.
import { DeviceTranslationError, deviceReadyPairs, deviceTranslationSupported, translateOnDevice } from './device';

type G = { Translator?: unknown };
afterEach(() => {
  delete (globalThis as G).Translator;
});

function install(opts: {
  availability?: string;
  create?: (o: {
    monitor?: (m: { addEventListener: (t: string, f: (e: { loaded: number }) => void) => void }) => void;
  }) => Promise<unknown>;
}) {
  const chunks: string[] = [];
  (globalThis as G).Translator = {
    availability: async () => opts.availability ?? 'available',
    create:
      opts.create ??
      (async () => ({
        translate: async (t: string) => {
          chunks.push(t);
          return t.toUpperCase();
        },
      })),
  };
  return chunks;
}

describe('on-device translation', () => {
  it('is feature-detected', () => {
    expect(deviceTranslationSupported()).toBe(false);
    install({});
    expect(deviceTranslationSupported()).toBe(true);
  });

  it('translates in sentence chunks of at most 1000 characters, keeping the whitespace', async () => {
    const chunks = install({});
    const text = `${'This is one sentence. '.repeat(60)}\n\nEnd.`;
    const out = await translateOnDevice(text, 'en', 'ko');
    expect(out).toBe(text.toUpperCase());
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(1000);
  });

  it('reports download progress', async () => {
    install({
      availability: 'downloadable',
      create: async (o) => {
        const fns: ((e: { loaded: number }) => void)[] = [];
        o.monitor?.({ addEventListener: (_t, f) => fns.push(f) });
        for (const loaded of [0, 0.5, 1]) fns.forEach((f) => f({ loaded }));
        return { translate: async (t: string) => t };
      },
    });
    const seen: number[] = [];
    await translateOnDevice('Hi', 'en', 'ko', (p) => seen.push(p));
    expect(seen).toEqual([0, 0.5, 1]);
  });

  it('gives up on a download that stops making progress, quickly', async () => {
    install({ availability: 'downloadable', create: () => new Promise(() => undefined) });
    const started = Date.now();
    await expect(translateOnDevice('Hi', 'en', 'ko', undefined, 150)).rejects.toMatchObject({ reason: 'stalled' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns an unavailable pair, a refused create and a synchronous throw into DeviceTranslationError', async () => {
    install({ availability: 'unavailable' });
    await expect(translateOnDevice('Hi', 'en', 'ko')).rejects.toMatchObject({ reason: 'unavailable' });
    install({
      create: async () => {
        throw new Error('NotAllowedError');
      },
    });
    await expect(translateOnDevice('Hi', 'en', 'ko')).rejects.toBeInstanceOf(DeviceTranslationError);
    install({
      create: () => {
        throw new Error('boom');
      },
    });
    await expect(translateOnDevice('Hi', 'en', 'ko')).rejects.toMatchObject({ reason: 'failed' });
  });

  it('lists only pairs that are ready now', async () => {
    (globalThis as G).Translator = {
      availability: async (o: { sourceLanguage: string; targetLanguage: string }) =>
        o.sourceLanguage === 'en' && o.targetLanguage === 'de' ? 'available' : 'downloadable',
      create: async () => ({}),
    };
    expect(await deviceReadyPairs()).toEqual([['en', 'de']]);
  });
});
