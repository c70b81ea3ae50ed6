'use client';
// Runs one file job for a page and holds its state: idle -> busy -> done (result held). After an error the
// visitor is alerted and the page is back to "file chosen" (idle with its files). reset() drops the result.
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FileToolDef } from '@/lib/tools/registry';
import { runFileJob, type FileJobResult, type JobPhase } from '@/lib/client/job-client';
import { xhrUpload } from '@/lib/client/xhr-upload';
import { alertText, mergeAlertText } from '@/lib/client/job-errors';
import { saveBlob } from '@/lib/client/save-blob';

export type JobStatus = 'idle' | 'busy' | 'done';

export interface JobProgress {
  phase: JobPhase;
  /** Upload fraction 0..1, null when unknown (processing, downloading). */
  fraction: number | null;
}

export function useFileJob(tool: FileToolDef) {
  const [status, setStatus] = useState<JobStatus>('idle');
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [result, setResult] = useState<FileJobResult | null>(null);
  // The last alert's text stays on the page (the alert itself is gone once dismissed) until the next action.
  const [error, setError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // Each run and reset bumps the token, so a late answer from an older run never lands on the page.
  const tokenRef = useRef(0);

  // Leaving the page mid-job aborts it; the runner still sends the cleanup.
  useEffect(() => () => abortRef.current?.abort(), []);

  // Closing or reloading the tab mid-job would lose the work: let the browser ask first.
  useEffect(() => {
    if (status !== 'busy') return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  const run = useCallback(
    async (files: File[], fields?: Record<string, string>, settings?: Record<string, unknown>): Promise<boolean> => {
      const token = ++tokenRef.current;
      const controller = new AbortController();
      abortRef.current = controller;
      setResult(null);
      setError(null);
      setStatus('busy');
      setProgress({ phase: 'uploading', fraction: 0 });
      try {
        const r = await runFileJob({
          tool,
          files,
          fields,
          settings,
          upload: xhrUpload,
          signal: controller.signal,
          onPhase: (phase) =>
            token === tokenRef.current && setProgress({ phase, fraction: phase === 'uploading' ? 0 : null }),
          onUploadProgress: (loaded, total) =>
            token === tokenRef.current &&
            setProgress({ phase: 'uploading', fraction: total > 0 ? loaded / total : null }),
        });
        if (token !== tokenRef.current) return false;
        setResult(r);
        setStatus('done');
        return true;
      } catch (err) {
        if (token !== tokenRef.current || controller.signal.aborted) return false;
        // Commit "file chosen" before the alert blocks the page, so the busy text is gone while it shows.
        const text = tool.kind === 'merge' ? mergeAlertText(tool, err) : alertText(tool, err);
        flushSync(() => {
          setStatus('idle');
          setProgress(null);
          setError(text);
        });
        window.alert(text);
        return false;
      } finally {
        if (token === tokenRef.current) setProgress(null);
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [tool],
  );

  /** Choosing, replacing or removing a file: back to "file chosen" without a result. */
  const reset = useCallback(() => {
    tokenRef.current++;
    abortRef.current?.abort();
    setResult(null);
    setError(null);
    setProgress(null);
    setStatus('idle');
  }, []);

  const save = useCallback(() => {
    if (result) saveBlob(result.blob, result.name);
  }, [result]);

  return { status, busy: status === 'busy', done: status === 'done', progress, result, error, run, reset, save };
}
