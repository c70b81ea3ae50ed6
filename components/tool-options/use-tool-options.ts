'use client';
// A tool's option values, remembered per tool in localStorage (the last choice comes back on the next visit).
// Read once the page runs in the browser (useStoredItem), so the statically rendered page and the first client
// render agree.
import { useCallback, useMemo, useState } from 'react';
import { useStoredItem } from '@/components/ui/use-browser';
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
  const stored = useStoredItem(optionsStorageKey(api));
  const remembered = useMemo(() => {
    if (!def || !stored) return {};
    try {
      return cleanValues(def, JSON.parse(stored));
    } catch {
      return {}; // corrupt: the defaults apply
    }
  }, [def, stored]);
  // The visitor's choices on this page (for this tool), over the remembered ones.
  const [edited, setEdited] = useState<{ api: FileToolApi; values: OptionValues } | null>(null);
  const values = edited?.api === api ? edited.values : remembered;

  const set = useCallback(
    (name: string, value: OptionValue | undefined) => {
      setEdited((prev) => {
        const next = { ...(prev?.api === api ? prev.values : remembered), [name]: value };
        if (value === undefined) delete next[name];
        try {
          window.localStorage.setItem(optionsStorageKey(api), JSON.stringify(next));
        } catch {
          // Private mode with storage off: the choice still applies to this visit.
        }
        return { api, values: next };
      });
    },
    [api, remembered],
  );

  const settings = useMemo(() => settingsFrom(def, values), [def, values]);
  return { def, values, set, settings };
}

export type ToolOptionsState = ReturnType<typeof useToolOptions>;
