'use client';
// Count page (SPEC sections 2, 4, 5): text area limited to `limit` characters, counter 'n / limit',
// 'With Spaces' and 'Without Spaces' figures recalculated on every input, Clear. The text is also posted to
// POST /api/text/count/ (debounced) for logging; any failure there is ignored.
// Characters are user-perceived characters (lib/text/count.ts); the counter and the limit use the same measure.
import { useEffect, useMemo, useState } from 'react';
import { clampChars, countText } from '@/lib/text/count';
import styles from './count-tool.module.css';

const POST_DELAY_MS = 600;

function logCount(text: string, signal: AbortSignal) {
  fetch('/api/text/count/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
    signal,
  }).catch(() => {
    // SPEC section 8: count-logging failures are silent.
  });
}

const format = (n: number) => n.toLocaleString('en-US');

function Figures({ title, chars, bytes, id }: { title: string; chars: number; bytes: number; id: string }) {
  return (
    <section className={styles.card} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      <dl className={styles.figures}>
        <div>
          <dt>Characters</dt>
          <dd data-testid={`${id}-chars`}>{format(chars)}</dd>
        </div>
        <div>
          <dt>Bytes</dt>
          <dd data-testid={`${id}-bytes`}>{format(bytes)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function CountTool({ limit }: { limit: number }) {
  const [text, setText] = useState('');
  const counts = useMemo(() => countText(text), [text]);

  useEffect(() => {
    if (text === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => logCount(text, controller.signal), POST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return (
    <div className={styles.tool}>
      <div className={styles.inputPanel}>
        <div className={styles.inputHeader}>
          <label htmlFor="count-input" className={styles.label}>
            Text
          </label>
          <span className={styles.counter} aria-live="polite" data-testid="count-counter">
            {counts.chars} / {limit}
          </span>
        </div>
        <textarea
          id="count-input"
          className="textarea"
          rows={12}
          placeholder="Type or paste text to count its characters and bytes"
          value={text}
          // At the limit the browser itself refuses more typing; pasting past it is cut at a character boundary.
          // (maxLength counts UTF-16 units, so it is only set once the limit is reached.)
          maxLength={counts.chars >= limit ? text.length : undefined}
          onChange={(e) => setText(clampChars(e.target.value, limit))}
          spellCheck={false}
        />
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={() => setText('')} disabled={text === ''}>
            Clear
          </button>
        </div>
      </div>
      <div className={styles.results}>
        <Figures id="with-spaces" title="With Spaces" chars={counts.chars} bytes={counts.bytes} />
        <Figures id="without-spaces" title="Without Spaces" chars={counts.chars_ns} bytes={counts.bytes_ns} />
      </div>
    </div>
  );
}
