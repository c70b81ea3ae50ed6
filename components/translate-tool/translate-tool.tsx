'use client';
// Translate page (SPEC sections 2, 4, 5, 8, 9; issue 8): input language (Auto detect + nine, default en),
// 'n / 5000' counter, swap (languages and texts; nothing when the input is auto), input area, Clear (when there
// is text; empties both sides), 'Translate' / 'Translating...', output language (default ko), Copy → 'Copied!'
// for 2 s, result area with placeholder and loading state. Enter translates, Shift+Enter is a new line.
// POST /api/text/translate/ {text, input_language, output_language} → {success, error, translated_text,
// detected_language}; when Auto detect was used the detected language is shown.
// Issue 16: where the browser has the standard Translator API the request says `device: true`; when the server
// has only Apertium (or nothing) for the pair it hands the text back and the page translates on the device
// from the detected language, showing model download progress and a quiet 'Translated on your device' note.
// If the device fails or its download stalls, the server is asked again without the flag (Apertium, or a 501
// whose language list feeds the visitor's alert). A failed request clears the result area.
import { useEffect, useRef, useState } from 'react';
import type { TextToolDef } from '@/lib/tools/registry';
import { LIMITS } from '@/lib/tools/registry';
import { charCount, clampChars } from '@/lib/tools/text/count/count';
import {
  AUTO,
  DEFAULT_INPUT,
  DEFAULT_OUTPUT,
  isLanguage,
  LANGUAGES,
  languageName,
  type LanguageCode,
} from '@/lib/tools/text/translate/languages';
import {
  deviceReadyPairs,
  DeviceTranslationError,
  deviceTranslationSupported,
  translateOnDevice,
} from '@/lib/tools/text/translate/device';
import { unavailableMessage } from '@/lib/tools/text/translate/visitor-message';
import { JobError } from '@/components/ui/last-error';
import styles from './translate-tool.module.css';

const URL_PATH = '/api/text/translate/';
const COPIED_MS = 2000;
const COPY_FAILED = 'Failed to copy text. Please try again.';
const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

type InputLanguage = LanguageCode | typeof AUTO;

interface Reply {
  success?: unknown;
  error?: unknown;
  translated_text?: unknown;
  detected_language?: unknown;
  handoff?: unknown;
  server_fallback?: unknown;
  available_languages?: unknown;
}

export interface TranslationReply {
  /** null when the server handed the text to the device. */
  translated: string | null;
  detected: LanguageCode | null;
  serverFallback: boolean;
}

/** A failed request: the server's message, its status and, for a 501, the languages it has. */
export class TranslationRequestError extends Error {
  constructor(
    message: string,
    readonly detected: LanguageCode | null,
    readonly status: number,
    readonly availableLanguages: string[] | null,
  ) {
    super(message);
  }
}

/** SPEC section 8: the server's error field, else the exception message, else the fallback. */
export function translateAlertText(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message.trim() !== '') return err.message;
  if (typeof err === 'string' && err.trim() !== '') return err;
  return fallback;
}

export async function requestTranslation(
  text: string,
  input: InputLanguage,
  output: LanguageCode,
  defaultError: string,
  device = false,
): Promise<TranslationReply> {
  let res: Response;
  try {
    res = await fetch(URL_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // `device` only when the browser can translate on the device: otherwise the spec's request exactly.
      body: JSON.stringify({
        text,
        input_language: input,
        output_language: output,
        ...(device ? { device: true } : {}),
      }),
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  let body: Reply | null = null;
  try {
    body = (await res.json()) as Reply;
  } catch {
    body = null;
  }
  const detectedRaw = body?.detected_language ?? res.headers.get('X-Detected-Language');
  const detected = typeof detectedRaw === 'string' && isLanguage(detectedRaw) ? detectedRaw : null;
  if (res.ok && body?.success === true && body.handoff === 'device' && device) {
    return { translated: null, detected, serverFallback: body.server_fallback === true };
  }
  if (!res.ok || !body || body.success !== true || typeof body.translated_text !== 'string') {
    const error = typeof body?.error === 'string' && body.error.trim() !== '' ? body.error : defaultError;
    const langs = Array.isArray(body?.available_languages)
      ? body.available_languages.filter((l): l is string => typeof l === 'string')
      : null;
    throw new TranslationRequestError(error, detected, res.status, langs);
  }
  return { translated: body.translated_text, detected, serverFallback: false };
}

export function TranslateTool({ tool }: { tool: TextToolDef }) {
  const limit = LIMITS.translateChars;
  const [input, setInput] = useState<InputLanguage>(DEFAULT_INPUT);
  const [output, setOutput] = useState<LanguageCode>(DEFAULT_OUTPUT);
  const [text, setText] = useState('');
  const [result, setResult] = useState('');
  const [detected, setDetected] = useState<LanguageCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  /** Set when the shown result was translated on the device. */
  const [onDevice, setOnDevice] = useState(false);
  /** Model download progress 0..1 while the browser fetches it; null otherwise. */
  const [progress, setProgress] = useState<number | null>(null);
  /** The last alert's text, kept on the page until the visitor's next action (issue 18). */
  const [lastError, setLastError] = useState<string | null>(null);
  const busyRef = useRef(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
    },
    [],
  );

  const canTranslate = text.trim() !== '' && !busy;

  async function translate() {
    if (text.trim() === '' || busyRef.current) return; // SPEC section 5: non-blank text, no job running
    busyRef.current = true;
    setBusy(true);
    setDetected(null);
    setOnDevice(false);
    setLastError(null);
    try {
      const r = await requestTranslation(text, input, output, tool.errors.default, deviceTranslationSupported());
      setDetected(input === AUTO ? r.detected : null);
      if (r.translated !== null) {
        setResult(r.translated);
        return;
      }
      // Handed to the device: the source is the server's detection when Auto detect was used.
      const from = input === AUTO ? r.detected : input;
      if (from) {
        try {
          setResult(await translateOnDevice(text, from, output, (loaded) => setProgress(loaded)));
          setOnDevice(true);
          return;
        } catch (e) {
          // Whatever the browser threw (unavailable, stalled, refused), the server gets the next word.
          if (!(e instanceof DeviceTranslationError)) console.warn('[translate] on-device translation failed', e);
        } finally {
          setProgress(null);
        }
      }
      // The device could not: Apertium when the server has it, else a 501 naming what the server has.
      const again = await requestTranslation(text, input, output, tool.errors.default, false);
      setResult(again.translated ?? '');
    } catch (err) {
      const d = err instanceof TranslationRequestError ? err.detected : null;
      setDetected(input === AUTO ? d : null);
      setResult(''); // never a stale translation under another language
      const message = await alertFor(err);
      setLastError(message);
      window.alert(message);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  /** A 501 becomes the visitor's message (this site's languages in this browser); the rest as the spec says. */
  async function alertFor(err: unknown): Promise<string> {
    if (err instanceof TranslationRequestError && err.status === 501 && err.availableLanguages) {
      const from = input === AUTO ? err.detected : input;
      if (from) return unavailableMessage(from, output, err.availableLanguages, await deviceReadyPairs());
    }
    return translateAlertText(err, tool.errors.fallback);
  }

  function swap() {
    if (input === AUTO || busy) return; // SPEC section 4: swap does nothing when the input is auto
    setInput(output);
    setOutput(input);
    setText(clampChars(result, limit));
    setResult(text);
    setDetected(null);
    setOnDevice(false);
    setLastError(null);
  }

  function clear() {
    setText('');
    setResult('');
    setDetected(null);
    setOnDevice(false);
    setLastError(null);
  }

  async function copy() {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result);
      setCopied(true);
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      window.alert(COPY_FAILED);
    }
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLTextAreaElement>) {
    // Enter translates; Shift+Enter falls through to a new line. Enter that confirms an IME composition
    // (Korean, Japanese) is left alone.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    void translate();
  }

  return (
    <div className={styles.tool}>
      <section className={styles.panel} aria-label="Text to translate">
        <div className={styles.bar}>
          <select
            className={styles.select}
            aria-label="Input language"
            value={input}
            onChange={(e) => {
              setInput(e.target.value as InputLanguage);
              setDetected(null);
              setLastError(null);
            }}
          >
            <option value={AUTO}>{languageName(AUTO)}</option>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
          <span className={styles.counter} data-testid="translate-counter">
            {charCount(text)} / {limit}
          </span>
        </div>
        <textarea
          className={`textarea ${styles.area}`}
          aria-label="Text to translate"
          placeholder="Enter text to translate"
          value={text}
          onChange={(e) => {
            setText(clampChars(e.target.value, limit));
            setLastError(null);
          }}
          onKeyDown={onKeyDown}
          rows={10}
        />
        <div className={styles.actions}>
          {detected && input === AUTO && (
            <span className={styles.detected} data-testid="detected-language">
              Detected: {languageName(detected)}
            </span>
          )}
          {text !== '' && (
            <button type="button" className="btn btn-secondary" onClick={clear} disabled={busy}>
              Clear
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => void translate()} disabled={!canTranslate}>
            {busy ? 'Translating...' : 'Translate'}
          </button>
        </div>
      </section>

      <div className={styles.swapColumn}>
        <button
          type="button"
          className={`btn btn-secondary ${styles.swap}`}
          onClick={swap}
          disabled={input === AUTO || busy}
          aria-label="Swap languages"
          title={input === AUTO ? 'Choose an input language to swap' : 'Swap languages'}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />
          </svg>
        </button>
      </div>

      <section className={styles.panel} aria-label="Translation">
        <div className={styles.bar}>
          <select
            className={styles.select}
            aria-label="Output language"
            value={output}
            onChange={(e) => {
              setOutput(e.target.value as LanguageCode);
              setLastError(null);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void copy()}
            disabled={!result || busy}
          >
            {copied ? 'Copied!' : 'Copy'}
          </button>
        </div>
        <div
          className={styles.result}
          data-testid="translate-result"
          aria-live="polite"
          aria-busy={busy}
          lang={busy ? undefined : output}
        >
          {busy ? (
            <>
              <p className={styles.placeholder}>
                <span className="spinner" aria-hidden="true" />
                Translating...
              </p>
              {progress !== null && (
                <p className={styles.download} data-testid="device-download">
                  <progress max={1} value={progress} aria-label="Translation model download" />
                  Downloading the translation model to this browser: {Math.round(progress * 100)}%
                </p>
              )}
            </>
          ) : result ? (
            <>
              <p className={styles.text}>{result}</p>
              {onDevice && (
                <p className={styles.note} data-testid="device-note" lang="en">
                  Translated on your device by the browser
                </p>
              )}
            </>
          ) : (
            <p className={styles.placeholder}>Translation will appear here</p>
          )}
        </div>
      </section>
      <JobError text={lastError} />
    </div>
  );
}
