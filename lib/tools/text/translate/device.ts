// On-device translation with the browser's standard Translator API (Chrome 138+; issue 16). Browser-only,
// feature-detected: nothing here runs where `Translator` is missing.
//
// - availability() says 'available', 'downloadable', 'downloading' or 'unavailable' for a pair.
// - create() may download a model first; its monitor reports `downloadprogress` (loaded 0..1). A download that
//   makes no progress for STALL_MS (offline, blocked) is abandoned, so the page falls back within a few seconds
//   instead of hanging.
// - Long text is split as the server splits it (sentence chunks, whitespace kept: ./split).
import { LANGUAGE_CODES, type LanguageCode } from './languages';
import { splitText, translateChunks } from './split';

type Availability = 'available' | 'downloadable' | 'downloading' | 'unavailable';
interface DownloadMonitor {
  addEventListener(type: 'downloadprogress', fn: (e: { loaded: number }) => void): void;
}
interface DeviceTranslator {
  translate(text: string): Promise<string>;
  destroy?(): void;
  inputQuota?: number;
}
interface TranslatorApi {
  availability(o: { sourceLanguage: string; targetLanguage: string }): Promise<Availability>;
  create(o: {
    sourceLanguage: string;
    targetLanguage: string;
    monitor?: (m: DownloadMonitor) => void;
    signal?: AbortSignal;
  }): Promise<DeviceTranslator>;
}

/** No download progress for this long: give up (the model cannot be fetched here). */
export const STALL_MS = 4000;
/** Longest wait for availability() or one chunk's translation. */
export const STEP_MS = 20_000;
/** Chunk size: Chrome's on-device model works on short inputs. */
export const DEVICE_CHUNK = 1000;

export class DeviceTranslationError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'stalled' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'DeviceTranslationError';
  }
}

function api(): TranslatorApi | null {
  const t = (globalThis as { Translator?: Partial<TranslatorApi> }).Translator;
  return t && typeof t.availability === 'function' && typeof t.create === 'function' ? (t as TranslatorApi) : null;
}

export const deviceTranslationSupported = (): boolean => api() !== null;

function within<T>(p: Promise<T>, ms: number, reason: DeviceTranslationError['reason']): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new DeviceTranslationError(reason, 'The on-device translation did not answer in time.')),
      ms,
    );
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export async function deviceAvailability(from: string, to: string, ms = STEP_MS): Promise<Availability> {
  const t = api();
  if (!t) return 'unavailable';
  try {
    return await within(t.availability({ sourceLanguage: from, targetLanguage: to }), ms, 'failed');
  } catch {
    return 'unavailable';
  }
}

/** Translates on the device, reporting download progress (0..1) when a model must be fetched first. */
export async function translateOnDevice(
  text: string,
  from: LanguageCode,
  to: LanguageCode,
  onProgress: (loaded: number) => void = () => {},
  stallMs = STALL_MS,
): Promise<string> {
  const t = api();
  if (!t) throw new DeviceTranslationError('unavailable', 'This browser cannot translate on the device.');
  const availability = await deviceAvailability(from, to);
  if (availability === 'unavailable')
    throw new DeviceTranslationError('unavailable', 'This browser cannot translate this pair on the device.');

  const abort = new AbortController();
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const translator = await new Promise<DeviceTranslator>((resolve, reject) => {
    const stalled = () => {
      abort.abort();
      reject(new DeviceTranslationError('stalled', 'The translation model could not be downloaded.'));
    };
    // Reset on every progress event; a fully downloaded or installed model resolves create() quickly.
    const arm = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(stalled, stallMs);
    };
    arm();
    // A synchronous throw (an old or partial implementation) is a failure like any other.
    Promise.resolve()
      .then(() =>
        t.create({
          sourceLanguage: from,
          targetLanguage: to,
          signal: abort.signal,
          monitor(m) {
            m.addEventListener('downloadprogress', (e) => {
              onProgress(Math.max(0, Math.min(1, Number(e.loaded) || 0)));
              arm();
            });
          },
        }),
      )
      .then(
        (tr) => {
          if (abort.signal.aborted)
            tr.destroy?.(); // arrived after we gave up
          else resolve(tr);
        },
        (e: unknown) =>
          reject(
            e instanceof DeviceTranslationError
              ? e
              : new DeviceTranslationError('failed', String((e as Error)?.message ?? e)),
          ),
      );
  }).finally(() => clearTimeout(stallTimer));

  try {
    const max = Math.max(100, Math.min(DEVICE_CHUNK, translator.inputQuota ?? DEVICE_CHUNK));
    return await translateChunks(splitText(text, max, from), (chunk) =>
      within(translator.translate(chunk), STEP_MS, 'failed').catch((e: unknown) => {
        throw e instanceof DeviceTranslationError
          ? e
          : new DeviceTranslationError('failed', 'The on-device translation failed.');
      }),
    );
  } finally {
    translator.destroy?.();
  }
}

/** Pairs the device can translate right now, without a download (for the visitor's alert). */
export async function deviceReadyPairs(): Promise<[LanguageCode, LanguageCode][]> {
  if (!api()) return [];
  const pairs = LANGUAGE_CODES.flatMap((a) =>
    LANGUAGE_CODES.filter((b) => b !== a).map((b) => [a, b] as [LanguageCode, LanguageCode]),
  );
  const ready = await Promise.all(pairs.map(async ([a, b]) => (await deviceAvailability(a, b, 2000)) === 'available'));
  return pairs.filter((_, i) => ready[i]);
}
