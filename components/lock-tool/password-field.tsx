'use client';
import { useId, useState } from 'react';
import styles from './lock-tool.module.css';

interface Props {
  label: string;
  placeholder: string;
  value: string;
  error: string | null;
  disabled?: boolean;
  autoComplete: string;
  /** The rule, shown from the start (before anything is typed). */
  hint?: string;
  onChange: (value: string) => void;
  /** The field was left: its error may show from now on. */
  onBlur?: () => void;
}

export function PasswordField({
  label,
  placeholder,
  value,
  error,
  disabled = false,
  autoComplete,
  hint,
  onChange,
  onBlur,
}: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <input
          id={id}
          className={`${styles.input} ${error ? styles.inputInvalid : ''}`}
          type={shown ? 'text' : 'password'}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          autoComplete={autoComplete}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className={styles.error} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
