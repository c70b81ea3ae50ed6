'use client';
// QR options (issue 21), closed by default: size, error correction (Automatic = today's rule), colours with a
// live contrast check, quiet zone, and PNG or SVG. Only options changed from their defaults are sent, so an
// untouched panel sends the spec's request exactly.
import {
  colourProblem,
  DEFAULT_BG,
  DEFAULT_FG,
  DEFAULT_MARGIN,
  MARGIN_MAX,
  SIZE_MAX,
  SIZE_MIN,
  type QrFormat,
} from '@/lib/tools/qr/generate/options';
import styles from './qr-tool.module.css';

export interface QrOptionState {
  format: QrFormat;
  size: string;
  ecLevel: '' | 'L' | 'M' | 'Q' | 'H';
  fg: string;
  bg: string;
  margin: string;
}

export const DEFAULT_OPTIONS: QrOptionState = {
  format: 'png',
  size: '',
  ecLevel: '',
  fg: DEFAULT_FG,
  bg: DEFAULT_BG,
  margin: String(DEFAULT_MARGIN),
};

/** Request fields for the options that differ from the defaults, or a problem to show. */
export function optionFields(o: QrOptionState): { fields: Record<string, string | number>; problem: string | null } {
  const fields: Record<string, string | number> = {};
  if (o.format !== 'png') fields.format = o.format;
  if (o.size.trim() !== '') {
    const size = Number(o.size);
    if (!Number.isInteger(size) || size < SIZE_MIN || size > SIZE_MAX)
      return { fields, problem: `Size: a whole number of pixels from ${SIZE_MIN} to ${SIZE_MAX}.` };
    fields.size = size;
  }
  if (o.ecLevel) fields.ec_level = o.ecLevel;
  if (o.fg.toLowerCase() !== DEFAULT_FG || o.bg.toLowerCase() !== DEFAULT_BG) {
    const problem = colourProblem(o.fg.toLowerCase(), o.bg.toLowerCase());
    if (problem) return { fields, problem };
    fields.fg = o.fg.toLowerCase();
    fields.bg = o.bg.toLowerCase();
  }
  if (o.margin.trim() !== String(DEFAULT_MARGIN)) {
    const margin = Number(o.margin);
    if (o.margin.trim() === '' || !Number.isInteger(margin) || margin < 0 || margin > MARGIN_MAX)
      return { fields, problem: `Quiet zone: a whole number of modules from 0 to ${MARGIN_MAX}.` };
    fields.margin = margin;
  }
  return { fields, problem: null };
}

export function QrOptions({
  value,
  onChange,
  problem,
  disabled,
}: {
  value: QrOptionState;
  onChange: (next: QrOptionState) => void;
  problem: string | null;
  disabled: boolean;
}) {
  const set = <K extends keyof QrOptionState>(k: K, v: QrOptionState[K]) => onChange({ ...value, [k]: v });
  return (
    <details className={styles.options}>
      <summary>Options</summary>
      <fieldset className={styles.optionGrid} disabled={disabled}>
        <label>
          Size (pixels)
          <input
            type="number"
            min={SIZE_MIN}
            max={SIZE_MAX}
            step={1}
            placeholder="Automatic"
            value={value.size}
            onChange={(e) => set('size', e.target.value)}
          />
        </label>
        <label>
          Error correction
          <select value={value.ecLevel} onChange={(e) => set('ecLevel', e.target.value as QrOptionState['ecLevel'])}>
            <option value="">Automatic (strongest that fits)</option>
            <option value="L">L (7 %)</option>
            <option value="M">M (15 %)</option>
            <option value="Q">Q (25 %)</option>
            <option value="H">H (30 %)</option>
          </select>
        </label>
        <label>
          Foreground
          <input type="color" value={value.fg} onChange={(e) => set('fg', e.target.value)} />
        </label>
        <label>
          Background
          <input type="color" value={value.bg} onChange={(e) => set('bg', e.target.value)} />
        </label>
        <label>
          Quiet zone (modules)
          <input
            type="number"
            min={0}
            max={MARGIN_MAX}
            step={1}
            value={value.margin}
            onChange={(e) => set('margin', e.target.value)}
          />
        </label>
        <label>
          Format
          <select value={value.format} onChange={(e) => set('format', e.target.value as QrFormat)}>
            <option value="png">PNG</option>
            <option value="svg">SVG</option>
          </select>
        </label>
      </fieldset>
      {problem && (
        <p className={styles.problem} role="alert" data-testid="qr-option-problem">
          {problem}
        </p>
      )}
    </details>
  );
}
