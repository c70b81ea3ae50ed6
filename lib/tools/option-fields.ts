// What the page's options panel shows for each tool (issue 20): a declarative field list per tool (its tool.ts), and
// the rule that turns the visitor's choices into the process request's optional settings. Browser-safe.
// A field left at its default is not sent, so a visitor who never opens the panel gets the spec's request
// byte for byte. The names and values are the API's (lib/tools/options.ts validates them on the server).
import { TOOL_LIST } from './list';
import type { FileToolApi } from './registry';

export type OptionValue = string | number | boolean;
export type OptionValues = Record<string, OptionValue | undefined>;

interface FieldBase {
  /** The process request's field name. */
  name: string;
  label: string;
  /** Shown only when this holds for the current values (e.g. JPEG only with an opaque background). */
  when?: (values: OptionValues) => boolean;
  hint?: string;
}

export type OptionField =
  | (FieldBase & { kind: 'choice'; choices: { value: string; label: string }[]; default: string })
  | (FieldBase & { kind: 'number'; min: number; max: number; placeholder?: string; unit?: string })
  | (FieldBase & { kind: 'colour'; default: string })
  /** Transparent, white or a chosen colour; the value is 'transparent' or '#rrggbb'. */
  | (FieldBase & { kind: 'background'; allowTransparent: boolean; default: string })
  | (FieldBase & { kind: 'toggle'; default: boolean });

export interface ToolOptionsDef {
  /** 'panel': a compact panel closed by default; 'inline': a small always-visible choice under the upload. */
  placement: 'panel' | 'inline';
  fields: OptionField[];
}

/** Each tool's fields, from its folder's tool.ts (`optionFields`) through the one list. */
export const OPTION_FIELDS: Partial<Record<FileToolApi, ToolOptionsDef>> = Object.fromEntries(
  TOOL_LIST.flatMap((entry) => ('optionFields' in entry ? [[entry.tool.api, entry.optionFields]] : [])),
);

const HEX = /^#[0-9a-f]{6}$/i;

/** A stored or typed value, or undefined when it is not valid for the field (then the default applies). */
export function cleanValue(field: OptionField, value: unknown): OptionValue | undefined {
  switch (field.kind) {
    case 'choice':
      return typeof value === 'string' && field.choices.some((c) => c.value === value) ? value : undefined;
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isInteger(n) && n >= field.min && n <= field.max ? n : undefined;
    }
    case 'colour':
      return typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : undefined;
    case 'background':
      if (value === 'transparent') return field.allowTransparent ? value : undefined;
      return typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : undefined;
    case 'toggle':
      return typeof value === 'boolean' ? value : undefined;
  }
}

/** Only the valid fields of a stored object (localStorage may hold anything). */
export function cleanValues(def: ToolOptionsDef, raw: unknown): OptionValues {
  const out: OptionValues = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const f of def.fields) {
    const v = cleanValue(f, (raw as Record<string, unknown>)[f.name]);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** The settings to send: valid, visible, non-default fields only (empty object: send nothing extra). */
export function settingsFrom(def: ToolOptionsDef | undefined, values: OptionValues): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  if (!def) return out;
  for (const f of def.fields) {
    if (f.when && !f.when(values)) continue;
    const v = cleanValue(f, values[f.name]);
    if (v === undefined || ('default' in f && v === f.default)) continue;
    out[f.name] = v;
  }
  return out;
}

/** The browser storage key of a tool's last choices. */
export const optionsStorageKey = (api: FileToolApi) => `onedesk:options:${api}`;
