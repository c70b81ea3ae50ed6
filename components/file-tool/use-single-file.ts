'use client';
// The chosen file of a single-file page (also used by the lock page), with the accept filter applied to drops.
import { useCallback, useState } from 'react';
import type { FileToolDef } from '@/lib/tools/registry';
import { filterAccepted, rejectedText } from '@/lib/client/accept';

export function useSingleFile(tool: FileToolDef, onChange: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const choose = useCallback(
    (files: File[]) => {
      const { accepted, rejected } = filterAccepted(files, tool.accept);
      const messages: string[] = [];
      if (rejected.length > 0) messages.push(rejectedText(tool.expected, rejected.map((f) => f.name)));
      if (accepted.length > 1) messages.push(`One file at a time: "${accepted[0].name}" is used.`);
      setNotice(messages.length > 0 ? messages.join(' ') : null);
      if (accepted.length === 0) return;
      setFile(accepted[0]);
      onChange();
    },
    [tool, onChange],
  );

  const remove = useCallback(() => {
    setFile(null);
    setNotice(null);
    onChange();
  }, [onChange]);

  return { file, notice, choose, remove };
}
