'use client';
// The tool's options (issue 20): a compact panel closed by default, or for PDF Compress a small choice always
// shown under the upload. Changing an option never changes a result already made; it applies to the next run.
import type { OptionValues } from '@/lib/tools/option-fields';
import { OptionFieldInput } from './option-field';
import type { ToolOptionsState } from './use-tool-options';
import styles from './tool-options.module.css';

interface Props {
  options: ToolOptionsState;
  disabled?: boolean;
}

function summary(options: ToolOptionsState): string {
  const n = Object.keys(options.settings).length;
  return n === 0 ? 'Options' : `Options (${n} set)`;
}

export function ToolOptions({ options, disabled = false }: Props) {
  const { def, values, set } = options;
  if (!def) return null;
  const fields = def.fields.filter((f) => !f.when || f.when(values as OptionValues));
  const body = fields.map((f) => (
    <OptionFieldInput
      key={f.name}
      field={f}
      value={values[f.name]}
      disabled={disabled}
      onChange={(v) => set(f.name, v)}
    />
  ));
  if (def.placement === 'inline') {
    return (
      <div className={styles.inline} data-testid="tool-options">
        {body}
      </div>
    );
  }
  return (
    <details className={styles.panel} data-testid="tool-options">
      <summary className={styles.summary}>{summary(options)}</summary>
      <div className={styles.fields}>{body}</div>
    </details>
  );
}
