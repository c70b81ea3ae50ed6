'use client';
// Keeps keyboard users in place: the action button is disabled while busy (which drops focus), so when the
// job ends focus goes to the download button on success or back to the action button after an error.
import { useEffect, useRef } from 'react';
import type { JobStatus } from './use-file-job';

export function useJobFocus(status: JobStatus) {
  const actionRef = useRef<HTMLButtonElement>(null);
  const downloadRef = useRef<HTMLButtonElement>(null);
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was !== 'busy') return;
    if (status === 'done') downloadRef.current?.focus();
    else if (status === 'idle') actionRef.current?.focus();
  }, [status]);
  return { actionRef, downloadRef };
}
