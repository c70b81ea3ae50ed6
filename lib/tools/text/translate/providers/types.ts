// One small interface per translation engine. Adapters never log the text.
import type { LanguageCode } from '../languages';

export interface TranslationProvider {
  readonly id: 'libretranslate' | 'deepl' | 'apertium';
  /** Shown in messages: 'LibreTranslate'. */
  readonly label: string;
  /** Most characters per request; longer text is split at sentence boundaries. */
  readonly maxChars: number;
  supports(from: LanguageCode, to: LanguageCode): Promise<boolean>;
  /** One chunk, at most maxChars long. Throws ProviderError. */
  translate(text: string, from: LanguageCode, to: LanguageCode, signal: AbortSignal): Promise<string>;
}

export type ProviderFailure = 'timeout' | 'unreachable' | 'auth' | 'quota' | 'rejected' | 'server' | 'bad-reply';

/** A provider's failure, classified so the caller can word it for the visitor and try the next engine. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly failure: ProviderFailure,
    /** Detail from the engine (its error text), never the visitor's text. */
    readonly detail: string,
  ) {
    super(`${provider}: ${failure}${detail ? ` (${detail})` : ''}`);
    this.name = 'ProviderError';
  }
}

/** fetch() with JSON in and out, a time-out via `signal`, and failures as ProviderError. */
export async function postJson(
  provider: string,
  url: string,
  body: unknown,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    throw networkError(provider, e, signal);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw networkError(provider, e, signal);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

export async function getJson(
  provider: string,
  url: string,
  signal: AbortSignal,
  headers: Record<string, string> = {},
) {
  try {
    const res = await fetch(url, { headers: { Accept: 'application/json', ...headers }, signal });
    return { status: res.status, json: res.ok ? ((await res.json()) as unknown) : null };
  } catch (e) {
    throw networkError(provider, e, signal);
  }
}

function networkError(provider: string, e: unknown, signal: AbortSignal): ProviderError {
  if (signal.aborted || (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))) {
    return new ProviderError(provider, 'timeout', '');
  }
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : e instanceof Error ? e.message : '';
  return new ProviderError(provider, 'unreachable', cause.replace(/https?:\/\/\S+/g, '').slice(0, 200));
}

/** The HTTP status of a failed reply as a failure class. */
export function failureOf(status: number): ProviderFailure {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429 || status === 456) return 'quota';
  if (status >= 500) return 'server';
  return 'rejected';
}
