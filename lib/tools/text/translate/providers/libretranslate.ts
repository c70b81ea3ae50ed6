// LibreTranslate (self-hosted or hosted): POST {url}/translate {q, source, target, format, api_key} →
// {translatedText}; errors are {error: "..."} with 400/403/429/500. GET {url}/languages tells which pairs
// the instance has loaded (an instance may load only some models), cached for ten minutes.
import 'server-only';
import type { LanguageCode } from '../languages';
import { failureOf, getJson, postJson, ProviderError, type TranslationProvider } from './types';

const LABEL = 'LibreTranslate';

interface LanguageEntry {
  code: string;
  targets?: string[];
}

export function libreTranslate(opts: { url: string; apiKey?: string; timeoutMs: number }): TranslationProvider {
  const base = opts.url.replace(/\/+$/, '');
  let pairs: { at: number; map: Map<string, Set<string>> | null } | null = null;

  async function languages(): Promise<Map<string, Set<string>> | null> {
    if (pairs && Date.now() - pairs.at < 600_000) return pairs.map;
    let map: Map<string, Set<string>> | null = null;
    try {
      const { json } = await getJson(LABEL, `${base}/languages`, AbortSignal.timeout(opts.timeoutMs));
      if (Array.isArray(json)) {
        map = new Map((json as LanguageEntry[]).map((l) => [l.code, new Set(l.targets ?? [])]));
      }
    } catch {
      map = null; // unknown: let translate() try and report the real failure
    }
    pairs = { at: Date.now(), map };
    return map;
  }

  return {
    id: 'libretranslate',
    label: LABEL,
    maxChars: 2000,
    async supports(from: LanguageCode, to: LanguageCode) {
      const map = await languages();
      if (!map) return true;
      const targets = map.get(from);
      // Older servers list no targets: every loaded language pairs with every other.
      return !!targets && (targets.size === 0 ? map.has(to) : targets.has(to));
    },
    async translate(text, from, to, signal) {
      const body: Record<string, string> = { q: text, source: from, target: to, format: 'text' };
      if (opts.apiKey) body.api_key = opts.apiKey;
      const { status, json } = await postJson(LABEL, `${base}/translate`, body, signal);
      const reply = (json ?? {}) as { translatedText?: unknown; error?: unknown };
      if (status !== 200) {
        throw new ProviderError(
          LABEL,
          failureOf(status),
          typeof reply.error === 'string' ? reply.error : `HTTP ${status}`,
        );
      }
      if (typeof reply.translatedText !== 'string') throw new ProviderError(LABEL, 'bad-reply', 'no translatedText');
      return reply.translatedText;
    },
  };
}
