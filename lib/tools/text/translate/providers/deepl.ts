// DeepL API v2: POST {url}/v2/translate with 'Authorization: DeepL-Auth-Key KEY' and JSON
// {text: [..], source_lang, target_lang} → {translations: [{detected_source_language, text}]}. Errors:
// 403 bad key, 456 quota exceeded, 429 too many requests, 400 with {message}, 5xx. Free keys end in ':fx'
// and use api-free.deepl.com.
import 'server-only';
import type { LanguageCode } from '../languages';
import { failureOf, postJson, ProviderError, type TranslationProvider } from './types';

const LABEL = 'DeepL';

/** DeepL asks for a variant of English and Portuguese as targets ('EN' and 'PT' are deprecated there). */
const TARGET: Record<LanguageCode, string> = {
  en: 'EN-US',
  ko: 'KO',
  ja: 'JA',
  vi: 'VI',
  es: 'ES',
  fr: 'FR',
  de: 'DE',
  pt: 'PT-BR',
  it: 'IT',
};

export function deeplBaseUrl(apiKey: string, url?: string): string {
  if (url) return url.replace(/\/+$/, '');
  return apiKey.trim().endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
}

export function deepl(opts: { apiKey: string; url?: string }): TranslationProvider {
  const base = deeplBaseUrl(opts.apiKey, opts.url);
  return {
    id: 'deepl',
    label: LABEL,
    maxChars: 5000,
    async supports() {
      return true;
    },
    async translate(text, from, to, signal) {
      const body = { text: [text], source_lang: from.toUpperCase(), target_lang: TARGET[to] };
      const { status, json } = await postJson(LABEL, `${base}/v2/translate`, body, signal, {
        Authorization: `DeepL-Auth-Key ${opts.apiKey}`,
      });
      const reply = (json ?? {}) as { translations?: { text?: unknown }[]; message?: unknown };
      if (status !== 200) {
        throw new ProviderError(
          LABEL,
          failureOf(status),
          typeof reply.message === 'string' ? reply.message : `HTTP ${status}`,
        );
      }
      const out = reply.translations?.[0]?.text;
      if (typeof out !== 'string') throw new ProviderError(LABEL, 'bad-reply', 'no translations[0].text');
      return out;
    },
  };
}
