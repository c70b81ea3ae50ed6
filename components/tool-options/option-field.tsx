'use client';
// One field of the options panel (lib/tools/option-fields.ts), drawn from its declaration.
import { useId, useState } from 'react';
import type { OptionField, OptionValue } from '@/lib/tools/option-fields';
import styles from './tool-options.module.css';

interface Props {
  field: OptionField;
  value: OptionValue | undefined;
  disabled: boolean;
  onChange: (value: OptionValue | undefined) => void;
}

export function OptionFieldInput({ field, value, disabled, onChange }: Props) {
  const id = useId();
  switch (field.kind) {
    case 'choice':
      return (
        <fieldset className={styles.field} disabled={disabled}>
          <legend className={styles.label}>{field.label}</legend>
          <div className={styles.choices}>
            {field.choices.map((c) => (
              <label key={c.value} className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-${field.name}`}
                  value={c.value}
                  checked={(value ?? field.default) === c.value}
                  onChange={() => onChange(c.value)}
                />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'number':
      return <NumberInput field={field} value={value} disabled={disabled} onChange={onChange} />;
    case 'toggle':
      return (
        <label className={`${styles.field} ${styles.toggle}`}>
          <input
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          {field.label}
        </label>
      );
    case 'colour':
    case 'background': {
      const current = typeof value === 'string' ? value : field.default;
      const kind = current === 'transparent' ? 'transparent' : current === '#ffffff' ? 'white' : 'colour';
      return (
        <fieldset className={styles.field} disabled={disabled}>
          <legend className={styles.label}>{field.label}</legend>
          <div className={styles.choices}>
            {field.kind === 'background' && field.allowTransparent && (
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-bg`}
                  checked={kind === 'transparent'}
                  onChange={() => onChange('transparent')}
                />
                Transparent
              </label>
            )}
            <label className={styles.choice}>
              <input type="radio" name={`${id}-bg`} checked={kind === 'white'} onChange={() => onChange('#ffffff')} />
              White
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name={`${id}-bg`}
                checked={kind === 'colour'}
                onChange={() => onChange(kind === 'colour' ? current : '#000000')}
              />
              Colour
            </label>
            <input
              type="color"
              className={styles.colour}
              aria-label={`${field.label} colour`}
              value={kind === 'transparent' ? '#000000' : current}
              onChange={(e) => onChange(e.currentTarget.value.toLowerCase())}
            />
          </div>
        </fieldset>
      );
    }
  }
}

/** Typed freely; an empty or out-of-range value means "not set" (the hint says what that does). */
function NumberInput({
  field,
  value,
  disabled,
  onChange,
}: Props & { field: Extract<OptionField, { kind: 'number' }> }) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (typeof value === 'number' ? String(value) : '');
  const n = Number(shown);
  const invalid = shown.trim() !== '' && !(Number.isInteger(n) && n >= field.min && n <= field.max);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {field.label}
      </label>
      <span className={styles.numberRow}>
        <input
          id={id}
          className={styles.number}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={1}
          placeholder={field.placeholder}
          value={shown}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            const t = e.currentTarget.value;
            setText(t);
            const v = Number(t);
            onChange(t.trim() !== '' && Number.isInteger(v) && v >= field.min && v <= field.max ? v : undefined);
          }}
        />
        {field.unit && <span>{field.unit}</span>}
      </span>
      {invalid && (
        <span className={styles.error} role="alert">{`Enter a whole number from ${field.min} to ${field.max}.`}</span>
      )}
      {!invalid && field.hint && <span className={styles.hint}>{field.hint}</span>}
    </div>
  );
}
