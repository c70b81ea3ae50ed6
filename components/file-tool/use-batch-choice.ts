'use client';
// Where chosen files go on a single-file page (issue 20): two or more accepted files start (or join) a batch;
// one file while no batch is shown behaves exactly as the spec says (it replaces the chosen file).
import { useCallback } from 'react';
import { filterAccepted } from '@/lib/client/accept';
import type { FileToolDef } from '@/lib/tools/registry';
import type { BatchState } from './use-batch';

export function useBatchChoice(
  tool: FileToolDef,
  batch: BatchState,
  single: { file: File | null; choose: (f: File[]) => void; remove: () => void },
) {
  const { add, active, items } = batch;
  const { choose: chooseSingle, remove: removeSingle, file } = single;
  return useCallback(
    (files: File[]) => {
      if (active) {
        add(files, items);
        return;
      }
      if (filterAccepted(files, tool.accept).accepted.length < 2) {
        chooseSingle(files);
        return;
      }
      // The file already chosen joins the batch first.
      const current = file ? [file] : [];
      if (file) removeSingle();
      add([...current, ...files], []);
    },
    [active, add, items, tool.accept, chooseSingle, removeSingle, file],
  );
}
