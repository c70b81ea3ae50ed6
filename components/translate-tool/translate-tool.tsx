'use client';
// Translate page (SPEC sections 2, 4, 5, 8, 9; issue 8): input language (Auto detect + nine, default en),
// 'n / 5000' counter, swap (languages and texts; nothing when the input is auto), input area, Clear (when there
// is text; empties both sides), 'Translate' / 'Translating...', output language (default ko), Copy → 'Copied!'
// for 2 s, result area with placeholder and loading state. Enter translates, Shift+Enter is a new line.
// POST /api/text/translate/ {text, input_language, output_language} → {success, error, translated_text,
// detected_language}; when Auto detect was used the detected language is shown.
import { useEffect, useRef, useState } from 'react';
import type { TextToolDef } from '@/lib/tools/registry';
import { LIMITS } from '@/lib/tools/registry';
import { charCount, clampChars } from '@/lib/text/count';
import { AUTO, DEFAULT_INPUT, DEFAULT_OUTPUT, isLanguage, LANGUAGES, languageName, type LanguageCode } from '@/lib/translate/languages';
import styles from './translate-tool.module.css';

const URL_PATH = '/api/text/translate/';
const COPIED_MS = 2000;
const COPY_FAILED = 'Failed to copy text. Please try again.';
const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

type InputLanguage = LanguageCode | typeof AUTO;

interface Reply { success?: unknown; error?: unknown; translated_text?: unknown; detected_language?: unknown }

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
): Promise<{ translated: string; detected: LanguageCode | null }> {
  let res: Response;
  try {
    res = await fetch(URL_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, input_language: input, output_language: output }),
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
  if (!res.ok || !body || body.success !== true || typeof body.translated_text !== 'string') {
    const error = typeof body?.error === 'string' && body.error.trim() !== '' ? body.error : defaultError;
    throw Object.assign(new Error(error), { detected });
  }
  return { translated: body.translated_text, detected };
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
  const busyRef = useRef(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (copiedTimer.current) clearTimeout(copiedTimer.current);
  }, []);

  const canTranslate = text.trim() !== '' && !busy;

  async function translate() {
    if (text.trim() === '' || busyRef.current) return; // SPEC section 5: non-blank text, no job running
    busyRef.current = true;
    setBusy(true);
    setDetected(null);
    try {
      const r = await requestTranslation(text, input, output, tool.errors.default);
      setResult(r.translated);
      setDetected(input === AUTO ? r.detected : null);
    } catch (err) {
      const d = (err as { detected?: LanguageCode | null }).detected ?? null;
      setDetected(input === AUTO ? d : null);
      window.alert(translateAlertText(err, tool.errors.fallback));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  function swap() {
    if (input === AUTO || busy) return; // SPEC section 4: swap does nothing when the input is auto
    setInput(output);
    setOutput(input);
    setText(clampChars(result, limit));
    setResult(text);
    setDetected(null);
  }

  function clear() {
    setText('');
    setResult('');
    setDetected(null);
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
            }}
          >
            <option value={AUTO}>{languageName(AUTO)}</option>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>{l.name}</option>
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
          onChange={(e) => setText(clampChars(e.target.value, limit))}
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
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
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
            onChange={(e) => setOutput(e.target.value as LanguageCode)}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>{l.name}</option>
            ))}
          </select>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy()} disabled={!result || busy}>
            {copied ? 'Copied!' : 'Copy'}
          </button>
        </div>
        <div className={styles.result} data-testid="translate-result" aria-live="polite" aria-busy={busy} lang={busy ? undefined : output}>
          {busy ? (
            <p className={styles.placeholder}>
              <span className="spinner" aria-hidden="true" />
              Translating...
            </p>
          ) : result ? (
            <p className={styles.text}>{result}</p>
          ) : (
            <p className={styles.placeholder}>Translation will appear here</p>
          )}
        </div>
      </section>
    </div>
  );
}
