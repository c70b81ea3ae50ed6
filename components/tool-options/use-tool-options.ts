'use client';
// A tool's option values, remembered per tool in localStorage (the last choice comes back on the next visit).
// Read after mount, so the statically rendered page and the first client render agree.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FileToolApi } from '@/lib/tools/registry';
import {
  OPTION_FIELDS,
  cleanValues,
  optionsStorageKey,
  settingsFrom,
  type OptionValue,
  type OptionValues,
} from '@/lib/tools/option-fields';

export function useToolOptions(api: FileToolApi) {
  const def = OPTION_FIELDS[api];
  const [values, setValues] = useState<OptionValues>({});

  useEffect(() => {
    if (!def) return;
    try {
      const stored = window.localStorage.getItem(optionsStorageKey(api));
      if (stored) setValues(cleanValues(def, JSON.parse(stored)));
    } catch {
      // Storage blocked or corrupt: the defaults apply.
    }
  }, [api, def]);

  const set = useCallback(
    (name: string, value: OptionValue | undefined) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value };
        if (value === undefined) delete next[name];
        try {
          window.localStorage.setItem(optionsStorageKey(api), JSON.stringify(next));
        } catch {
          // Private mode with storage off: the choice still applies to this visit.
        }
        return next;
      });
    },
    [api],
  );

  const settings = useMemo(() => settingsFrom(def, values), [def, values]);
  return { def, values, set, settings };
}

export type ToolOptionsState = ReturnType<typeof useToolOptions>;
