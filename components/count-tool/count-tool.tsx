'use client';
// Count page (SPEC sections 2, 4, 5): text area limited to `limit` characters, counter 'n / limit',
// 'With Spaces' and 'Without Spaces' figures recalculated on every input, Clear. The text is also posted to
// POST /api/text/count/ (debounced) for logging; any failure there is ignored.
// Characters are user-perceived characters (lib/tools/text/count/count.ts); the counter and the limit use the same measure.
// Issue 21: a byte-rule selector (UTF-8 by default = the spec's figures; EUC-KR / CP949; NEIS) remembered in
// localStorage, and words, sentences, paragraphs, lines, reading and speaking time below, all computed here.
import { useEffect, useMemo, useState } from 'react';
import { clampChars, countText } from '@/lib/tools/text/count/count';
import { BYTE_RULES, bytesUnder, isByteRule, type ByteRule } from '@/lib/tools/text/count/byte-rules';
import { textStats } from '@/lib/tools/text/count/stats';
import { useStoredItem } from '@/components/ui/use-browser';
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

// en-US grouping ('12,345') without Intl: the first toLocaleString or Intl.Segmenter of a page loads ICU data,
// ~35 ms of a phone's main thread during hydration (CPU profile of the page load). Same text for integers.
const format = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const RULE_KEY = 'onedesk.count.byteRule';
const RULE_HINT: Record<ByteRule, string> = {
  utf8: 'Bytes as the text is encoded in UTF-8.',
  euc_kr:
    'Hangul and other KS X 1001 / CP949 characters 2 bytes, ASCII 1, Enter 2 (CR LF); a character outside CP949 counts as the &#N; reference a browser sends for it.',
  neis: 'School-record rule: Hangul 3 bytes, Enter 2, ASCII 1; other characters their UTF-8 length.',
};

/** '2 min 5 s' / '40 s' */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${m} min ${s} s` : `${m} min`;
}

function Extra({ text }: { text: string }) {
  const stats = useMemo(() => textStats(text), [text]);
  const rows: [string, string, string][] = [
    ['words', 'Words', format(stats.words)],
    ['sentences', 'Sentences', format(stats.sentences)],
    ['paragraphs', 'Paragraphs', format(stats.paragraphs)],
    ['lines', 'Lines', format(stats.lines)],
    ['reading', 'Reading time', duration(stats.reading_seconds)],
    ['speaking', 'Speaking time', duration(stats.speaking_seconds)],
  ];
  return (
    <section className={styles.extra} aria-label="More figures" data-testid="more-figures">
      <dl className={styles.extraList}>
        {rows.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`stat-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

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
  // The remembered rule (read once the page runs in the browser), until the visitor chooses one.
  const saved = useStoredItem(RULE_KEY);
  const [chosen, setChosen] = useState<ByteRule | null>(null);
  const rule: ByteRule = chosen ?? (isByteRule(saved) ? saved : 'utf8');
  const counts = useMemo(() => countText(text), [text]);
  const bytes = useMemo(
    () =>
      rule === 'utf8'
        ? { with: counts.bytes, without: counts.bytes_ns }
        : { with: bytesUnder(rule, text), without: bytesUnder(rule, text.replaceAll(' ', '')) },
    [rule, text, counts],
  );

  function chooseRule(next: ByteRule) {
    setChosen(next);
    try {
      window.localStorage.setItem(RULE_KEY, next);
    } catch {
      // Not remembered; the choice still applies.
    }
  }

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
        <Figures id="with-spaces" title="With Spaces" chars={counts.chars} bytes={bytes.with} />
        <Figures id="without-spaces" title="Without Spaces" chars={counts.chars_ns} bytes={bytes.without} />
      </div>
      <div className={styles.rule}>
        <label htmlFor="byte-rule">Count bytes as</label>
        <select
          id="byte-rule"
          className={styles.ruleSelect}
          value={rule}
          onChange={(e) => chooseRule(e.target.value as ByteRule)}
        >
          {BYTE_RULES.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
        <span className={styles.ruleHint} data-testid="byte-rule-hint">
          {RULE_HINT[rule]}
        </span>
      </div>
      <Extra text={text} />
    </div>
  );
}
