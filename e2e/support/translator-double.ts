// Test doubles for the browser capability "on-device translation": Chrome's standard Translator API
// (`Translator.availability({sourceLanguage, targetLanguage})`, `Translator.create({..., monitor})` with
// `downloadprogress` events, `translator.translate(text)`). No model can be downloaded on this machine, so a
// double injected with page.addInitScript is the only way to drive that branch. Each function runs in the page
// and must be self-contained.

export interface DoubleConfig {
  /** 'en>ko' → what availability() answers; pairs not listed are 'unavailable'. */
  pairs: Record<string, 'available' | 'downloadable' | 'unavailable'>;
  /** What a download does: finish (progress 0, 0.5, 1), stall after 10 % (never finishes), or fail. */
  download: 'ok' | 'stall' | 'fail';
}

export interface DoubleLog {
  created: { sourceLanguage: string; targetLanguage: string }[];
  chunks: string[];
}

/** A browser without on-device translation (Firefox, Safari, Chrome before 138). */
export function withoutTranslator(): void {
  try {
    delete (window as { Translator?: unknown }).Translator;
  } catch {
    // not configurable: shadow it below
  }
  if ('Translator' in window)
    Object.defineProperty(window, 'Translator', { value: undefined, configurable: true, writable: true });
}

/** Installs the double; it translates 'Hello' en→ko as '[en>ko] Hello' and logs what it was asked. */
export function installTranslatorDouble(config: DoubleConfig): void {
  const log: DoubleLog = { created: [], chunks: [] };
  (window as unknown as { __translatorLog: DoubleLog }).__translatorLog = log;
  const key = (o: { sourceLanguage: string; targetLanguage: string }) => `${o.sourceLanguage}>${o.targetLanguage}`;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const double = {
    async availability(o: { sourceLanguage: string; targetLanguage: string }) {
      return config.pairs[key(o)] ?? 'unavailable';
    },
    async create(o: {
      sourceLanguage: string;
      targetLanguage: string;
      signal?: AbortSignal;
      monitor?: (m: { addEventListener: (t: string, fn: (e: { loaded: number }) => void) => void }) => void;
    }) {
      const state = config.pairs[key(o)] ?? 'unavailable';
      if (state === 'unavailable') throw new DOMException('Unsupported language pair', 'NotSupportedError');
      const listeners: ((e: { loaded: number }) => void)[] = [];
      o.monitor?.({ addEventListener: (_t, fn) => listeners.push(fn) });
      const emit = (loaded: number) => listeners.forEach((fn) => fn({ loaded }));
      if (state === 'downloadable') {
        emit(0);
        await wait(700);
        if (config.download === 'fail') throw new DOMException('Download failed', 'NetworkError');
        if (config.download === 'stall') {
          emit(0.1);
          await new Promise(() => undefined); // never resolves, like a download with no network
        }
        emit(0.5);
        await wait(700);
        emit(1);
        config.pairs[key(o)] = 'available';
      }
      log.created.push({ sourceLanguage: o.sourceLanguage, targetLanguage: o.targetLanguage });
      return {
        inputQuota: 1000,
        async translate(text: string) {
          log.chunks.push(text);
          return `[${key(o)}] ${text}`;
        },
        destroy() {},
      };
    },
  };
  Object.defineProperty(window, 'Translator', { value: double, configurable: true, writable: true });
}
