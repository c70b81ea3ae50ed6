'use client';
// Batch mode of a single-file tool (issue 20): several files, each its own job through the unchanged four-step
// API, two at a time (the server allows a visitor two jobs at once), each with its own progress, result or
// error. A file that fails never stops the others. Results stay in memory until the list is changed.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileToolDef } from '@/lib/tools/registry';
import { filterAccepted, rejectedText } from '@/lib/client/accept';
import { runQueue } from '@/lib/client/batch-queue';
import { runFileJob, type FileJobResult, type JobPhase } from '@/lib/client/job-client';
import { nextEntryId } from '@/lib/client/file-list';
import { alertText } from '@/lib/client/job-errors';
import { saveBlob } from '@/lib/client/save-blob';
import { screenFiles } from '@/lib/client/limits';
import { xhrUpload } from '@/lib/client/xhr-upload';
import { useUploadLimits } from './limits-context';

export const BATCH_CONCURRENCY = 2;

export interface BatchItem {
  id: number;
  file: File;
  state: 'waiting' | JobPhase | 'done' | 'error';
  /** Upload fraction while uploading. */
  fraction: number | null;
  result?: FileJobResult;
  error?: string;
}

/** Files at once: the server's MAX_FILES (handed to the page as its upload limits). */
export const DEFAULT_MAX_FILES = 20;

export function useBatch(tool: FileToolDef) {
  const limits = useUploadLimits();
  const maxFiles = limits?.maxFiles ?? DEFAULT_MAX_FILES;
  const [items, setItems] = useState<BatchItem[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  /** Adds files (after the accept filter) up to maxFiles; says what was left out. */
  const add = useCallback(
    (files: File[], current: BatchItem[]) => {
      const filtered = filterAccepted(files, tool.accept);
      const messages: string[] = [];
      if (filtered.rejected.length > 0)
        messages.push(
          rejectedText(
            tool.expected,
            filtered.rejected.map((f) => f.name),
          ),
        );
      // Each file is its own job: only the per-file size limit applies before sending (the server's 413 stays).
      const screened = limits
        ? screenFiles(filtered.accepted, [], limits, false)
        : { accepted: filtered.accepted, notes: [] };
      messages.push(...screened.notes);
      const { accepted } = screened;
      const room = Math.max(0, maxFiles - current.length);
      if (accepted.length > room) {
        messages.push(
          `At most ${maxFiles} files at once: ${accepted
            .slice(room)
            .map((f) => `"${f.name}"`)
            .join(', ')} ${accepted.length - room > 1 ? 'were' : 'was'} not added.`,
        );
      }
      setNotice(messages.length > 0 ? messages.join(' ') : null);
      const added = accepted
        .slice(0, room)
        .map((file): BatchItem => ({ id: nextEntryId(), file, state: 'waiting', fraction: null }));
      setItems([...current, ...added]);
      return added.length;
    },
    [tool, maxFiles, limits],
  );

  const update = (id: number, patch: Partial<BatchItem>) =>
    setItems((list) => list.map((it) => (it.id === id ? { ...it, ...patch } : it)));

  const remove = useCallback((id: number) => setItems((list) => list.filter((it) => it.id !== id)), []);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    setItems([]);
    setNotice(null);
    setRunning(false);
  }, []);

  /** Runs every file that has no result yet (a failed one is tried again). */
  const run = useCallback(
    async (settings?: Record<string, unknown>, fields?: Record<string, string>) => {
      const todo = items.filter((it) => it.state !== 'done');
      if (todo.length === 0 || running) return;
      const controller = new AbortController();
      abortRef.current = controller;
      setRunning(true);
      for (const it of todo) update(it.id, { state: 'waiting', error: undefined, result: undefined, fraction: null });
      // The server gives a browser its owner cookie with its first accepted upload; two first uploads at once
      // would get two different ones and the first session would no longer be ours (404 at process). So uploads
      // take turns until one has been accepted; from then on two jobs run side by side.
      let owned = false;
      let turn = Promise.resolve();
      await runQueue(
        todo,
        BATCH_CONCURRENCY,
        async (it) => {
          let opened = () => {};
          if (!owned) {
            const previous = turn;
            turn = new Promise<void>((resolve) => {
              opened = resolve;
            });
            await previous;
          }
          try {
            const result = await runFileJob({
              tool,
              files: [it.file],
              fields,
              settings,
              upload: xhrUpload,
              signal: controller.signal,
              onPhase: (phase) => {
                if (phase !== 'uploading') {
                  owned = true;
                  opened();
                }
                update(it.id, { state: phase, fraction: phase === 'uploading' ? 0 : null });
              },
              onUploadProgress: (loaded, total) => update(it.id, { fraction: total > 0 ? loaded / total : null }),
            });
            update(it.id, { state: 'done', result, fraction: null });
          } catch (err) {
            if (!controller.signal.aborted)
              update(it.id, { state: 'error', error: alertText(tool, err), fraction: null });
          } finally {
            opened();
          }
        },
        controller.signal,
      );
      if (abortRef.current === controller) {
        abortRef.current = null;
        setRunning(false);
      }
    },
    [items, running, tool],
  );

  const saveOne = useCallback(
    (id: number) => {
      const r = items.find((it) => it.id === id)?.result;
      if (r) saveBlob(r.blob, r.name);
    },
    [items],
  );

  const saveAll = useCallback(async () => {
    const done = items.filter((it) => it.result);
    const data = await Promise.all(
      done.map(async (it) => ({ name: it.result!.name, data: new Uint8Array(await it.result!.blob.arrayBuffer()) })),
    );
    // The ZIP writer (fflate) is fetched only when "Download all" is pressed: no page's first load carries it.
    const { zipBytes, zipName } = await import('@/lib/client/batch-zip');
    const bytes = await zipBytes(data);
    saveBlob(new Blob([bytes as BlobPart], { type: 'application/zip' }), zipName(tool.slug));
  }, [items, tool.slug]);

  const doneCount = items.filter((it) => it.state === 'done').length;
  const failedCount = items.filter((it) => it.state === 'error').length;
  return {
    items,
    notice,
    running,
    doneCount,
    failedCount,
    add,
    remove,
    clear,
    run,
    saveOne,
    saveAll,
    active: items.length > 0,
  };
}

export type BatchState = ReturnType<typeof useBatch>;
