'use client';
// The chosen file of a single-file page (also used by the lock page), with the accept filter applied to drops.
import { useCallback, useState } from 'react';
import type { FileToolDef } from '@/lib/tools/registry';
import { filterAccepted, rejectedText } from '@/lib/client/accept';
import { sameFile, screenFiles } from '@/lib/client/limits';
import { useUploadLimits } from './limits-context';

export function useSingleFile(tool: FileToolDef, onChange: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const limits = useUploadLimits();

  const choose = useCallback(
    (files: File[]) => {
      const filtered = filterAccepted(files, tool.accept);
      const { rejected } = filtered;
      const messages: string[] = [];
      if (rejected.length > 0)
        messages.push(
          rejectedText(
            tool.expected,
            rejected.map((f) => f.name),
          ),
        );
      // Limits checked before any byte is sent (the server's 413 stays).
      const screened = limits
        ? screenFiles(filtered.accepted, [], limits, false)
        : { accepted: filtered.accepted, notes: [] };
      messages.push(...screened.notes);
      const accepted = screened.accepted;
      if (accepted.length > 0 && file && sameFile(file, accepted[0]))
        messages.push(`"${file.name}" is already chosen.`);
      if (accepted.length > 1) messages.push(`One file at a time: "${accepted[0].name}" is used.`);
      setNotice(messages.length > 0 ? messages.join(' ') : null);
      if (accepted.length === 0) return;
      setFile(accepted[0]);
      onChange();
    },
    [tool, onChange, limits, file],
  );

  const remove = useCallback(() => {
    setFile(null);
    setNotice(null);
    onChange();
  }, [onChange]);

  return { file, notice, choose, remove };
}
