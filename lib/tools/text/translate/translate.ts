// translateText: validation, auto-detection, and the first configured engine that supports the pair.
// Engines (providers/*.ts) in the order of TRANSLATE_PROVIDERS (default 'libretranslate,deepl,apertium'),
// each used only when configured: LibreTranslate with LIBRETRANSLATE_URL (+ LIBRETRANSLATE_API_KEY), DeepL
// with DEEPL_API_KEY (+ DEEPL_API_URL), Apertium when its binary is installed. An engine that fails hands
// over to the next that supports the pair. TRANSLATE_TIMEOUT_MS bounds each engine's work (default 20 s).
// The visitor's text is never logged.
//
// Issue 16: a page whose browser can translate on the device sends `device: true`. When the server's only
// engine for the pair is Apertium (or it has none), it then translates nothing and answers
// `{translated_text: null, detected_language, handoff: 'device', server_fallback}`: the page translates on the
// device from the detected language (much better than Apertium) and asks again without `device` if that
// fails and server_fallback is true. Clients that never send `device` see the spec's behaviour unchanged.
import 'server-only';
import { z } from 'zod';
import { AppError, type ErrorCode } from '@/lib/core/errors';
import { charCount } from '@/lib/tools/text/count/count';
import { LIMITS } from '@/lib/tools/registry';
import { detectLanguage } from './detect';
import { AUTO, isLanguage, LANGUAGE_CODES, languageName, type LanguageCode } from './languages';
import { apertium, apertiumAvailable } from './providers/apertium';
import { deepl } from './providers/deepl';
import { libreTranslate } from './providers/libretranslate';
import { ProviderError, type TranslationProvider } from './providers/types';
import { splitText, translateChunks } from './split';
import { serverConfig } from '@/lib/config';

export interface TranslateRequest {
  text: string;
  input_language: string;
  output_language: string;
  device?: unknown;
}
export type TranslateResult =
  | { translated_text: string; detected_language: string | null }
  | { translated_text: null; detected_language: string | null; handoff: 'device'; server_fallback: boolean };

/** For API clients, kept apart from the visitor's message (issue 16). */
export const ADMIN_HINT =
  'The site administrator can enable every language pair by configuring a LibreTranslate or DeepL provider (see README, "Translation engines").';

/** An AppError that also carries the detected language: in the reply's detected_language field (the spec's
 * response shape; the API edge also sends it as an X-Detected-Language header). */
export class TranslateError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly detected_language: LanguageCode | null,
    extra: Record<string, unknown> = {},
  ) {
    super(code, message, { fields: { detected_language, translated_text: null, ...extra } });
  }
}

const MAX = LIMITS.translateChars;
const schema = z.object({
  text: z.string({ error: 'Enter some text to translate.' }),
  input_language: z.string({ error: 'Choose the input language.' }),
  output_language: z.string({ error: 'Choose the output language.' }),
  device: z.boolean({ error: 'The field "device" must be true or false.' }).optional(),
});

/** The request's fields, checked, or an AppError saying what is wrong. */
function validate(req: unknown): {
  text: string;
  input: LanguageCode | typeof AUTO;
  to: LanguageCode;
  device: boolean;
} {
  const parsed = schema.safeParse(req ?? {});
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid request.');
  const { text, input_language: input, output_language: output, device } = parsed.data;
  const bad = (m: string) => new AppError('BAD_REQUEST', m);
  if (!text.trim()) throw bad('Enter some text to translate.');
  // Counted as the page's 'n / 5000' counter counts (user-perceived characters).
  const chars = charCount(text);
  if (chars > MAX) throw bad(`The text is too long: ${chars} characters; the limit is ${MAX}.`);
  if (input !== AUTO && !isLanguage(input)) throw bad(`Unsupported input language "${input.slice(0, 20)}".`);
  if (output === AUTO) throw bad('Choose an output language (Auto detect is only for the input).');
  if (!isLanguage(output)) throw bad(`Unsupported output language "${output.slice(0, 20)}".`);
  return { text, input, to: output, device: device === true };
}

export function timeoutMs(): number {
  return serverConfig().translate.timeoutMs;
}

let cached: { key: string; list: Promise<TranslationProvider[]> } | null = null;

/** The configured engines in order; rebuilt when the environment changes. */
export function configuredProviders(): Promise<TranslationProvider[]> {
  const cfg = serverConfig().translate;
  const key = JSON.stringify(cfg);
  if (cached?.key === key) return cached.list;
  const order = cfg.providers.split(',').map((s) => s.trim().toLowerCase());
  const list = (async () => {
    const out: TranslationProvider[] = [];
    for (const id of order) {
      if (id === 'libretranslate' && cfg.libreTranslateUrl) {
        out.push(
          libreTranslate({ url: cfg.libreTranslateUrl, apiKey: cfg.libreTranslateApiKey, timeoutMs: cfg.timeoutMs }),
        );
      } else if (id === 'deepl' && cfg.deeplApiKey) {
        out.push(deepl({ apiKey: cfg.deeplApiKey, url: cfg.deeplApiUrl }));
      } else if (id === 'apertium' && (await apertiumAvailable(cfg.apertiumBin))) {
        out.push(apertium({ bin: cfg.apertiumBin }));
      }
    }
    return out;
  })();
  cached = { key, list };
  return list;
}

async function supporting(providers: TranslationProvider[], from: LanguageCode, to: LanguageCode) {
  const ok = await Promise.all(providers.map((p) => p.supports(from, to).catch(() => false)));
  return providers.filter((_, i) => ok[i]);
}

const list = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];

/** The languages the server translates between (each in at least one pair), in the page's order. */
export async function serverLanguages(providers: TranslationProvider[]): Promise<LanguageCode[]> {
  const usable = new Set<string>();
  for (const a of LANGUAGE_CODES) {
    for (const b of LANGUAGE_CODES) {
      if (a !== b && (await supporting(providers, a, b)).length) {
        usable.add(a);
        usable.add(b);
      }
    }
  }
  return LANGUAGE_CODES.filter((l) => usable.has(l));
}

async function unsupported(
  providers: TranslationProvider[],
  from: LanguageCode,
  to: LanguageCode,
  detected: LanguageCode | null,
) {
  const langs = await serverLanguages(providers);
  const now = langs.length
    ? ` This site translates between ${list(langs.map(languageName))}.`
    : ' This site cannot translate text right now.';
  return new TranslateError(
    'NOT_IMPLEMENTED',
    `Translation from ${languageName(from)} to ${languageName(to)} is not available here.${now}`,
    detected,
    { available_languages: langs, admin_hint: ADMIN_HINT },
  );
}

function visitorError(e: ProviderError, detected: LanguageCode | null): TranslateError {
  switch (e.failure) {
    case 'timeout':
      return new TranslateError(
        'TIMEOUT',
        'The translation service took too long to answer. Please try again.',
        detected,
      );
    case 'quota':
      return new TranslateError(
        'RATE_LIMITED',
        'The translation service is busy or has reached its usage limit. Please try again later.',
        detected,
      );
    case 'rejected':
      return new TranslateError(
        'UNPROCESSABLE',
        `The translation service could not translate this text${e.detail ? ` (${e.detail.slice(0, 160)})` : ''}.`,
        detected,
      );
    case 'unreachable':
      return new TranslateError(
        'UNAVAILABLE',
        'The translation service cannot be reached right now. Please try again later.',
        detected,
      );
    case 'auth':
      return new TranslateError(
        'UNAVAILABLE',
        "The translation service refused this server's credentials. Please try again later.",
        detected,
      );
    default:
      return new TranslateError('UNAVAILABLE', 'The translation service failed. Please try again later.', detected);
  }
}

export async function translateText(req: TranslateRequest): Promise<TranslateResult> {
  const { text, input, to, device } = validate(req);

  let detected: LanguageCode | null = null;
  let from: LanguageCode;
  if (input === AUTO) {
    detected = await detectLanguage(text);
    if (!detected) {
      // Digits, symbols, emoji: nothing to translate.
      if (!/\p{L}/u.test(text)) return { translated_text: text, detected_language: null };
      throw new AppError(
        'UNPROCESSABLE',
        'The language of this text could not be detected. Choose the input language and try again.',
      );
    }
    from = detected;
  } else {
    from = input;
  }
  if (from === to) return { translated_text: text, detected_language: detected };

  const providers = await configuredProviders();
  const candidates = await supporting(providers, from, to);
  if (device && candidates.every((p) => p.id === 'apertium')) {
    return {
      translated_text: null,
      detected_language: detected,
      handoff: 'device',
      server_fallback: candidates.length > 0,
    };
  }
  if (!candidates.length) throw await unsupported(providers, from, to, detected);

  let firstError: ProviderError | null = null;
  for (const p of candidates) {
    const signal = AbortSignal.timeout(timeoutMs());
    try {
      const out = await translateChunks(splitText(text, p.maxChars, from), (chunk) =>
        p.translate(chunk, from, to, signal),
      );
      return { translated_text: out, detected_language: detected };
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      // Which engine failed and how, never the text.
      console.warn(`[translate] ${e.provider} ${from}->${to} failed: ${e.failure}`);
      firstError ??= e;
    }
  }
  throw visitorError(firstError as ProviderError, detected);
}
