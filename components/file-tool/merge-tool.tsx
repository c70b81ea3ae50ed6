'use client';
// Merge pages (SPEC section 2 "Merge pages", section 4): adding keeps existing files, sorts by name and
// clears the merged state; removing clears it; reordering is free (and also drops the held result, since
// the merged file no longer matches the list).
import { useCallback, useState } from 'react';
import type { FileToolDef } from '@/lib/tools/registry';
import { filterAccepted, rejectedText } from '@/lib/client/accept';
import { screenFiles } from '@/lib/client/limits';
import { useUploadLimits } from './limits-context';
import { addFiles, moveEntry, removeEntry, type FileEntry } from '@/lib/client/file-list';
import { DropZone } from './drop-zone';
import { ResultNotice } from './result-notice';
import { JobError } from '@/components/ui/last-error';
import { JobSuccess } from './job-success';
import { useJobFocus } from './use-job-focus';
import { JobAnnouncer } from './job-announcer';
import { JobProgress } from './job-progress';
import { MergeList, useMergeListReady, usePrefetchMergeList } from './lazy-merge-list';
import { UploadButton } from './upload-button';
import { useFileJob } from './use-file-job';
import styles from './file-tool.module.css';

export function MergeTool({ tool }: { tool: FileToolDef }) {
  const job = useFileJob(tool);
  const { actionRef, downloadRef } = useJobFocus(job.status);
  const [entries, setEntries] = useState<FileEntry[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const { reset } = job;
  const limits = useUploadLimits();
  usePrefetchMergeList();

  const add = useCallback(
    (files: File[]) => {
      const filtered = filterAccepted(files, tool.accept);
      const notes =
        filtered.rejected.length > 0
          ? [
              rejectedText(
                tool.expected,
                filtered.rejected.map((f) => f.name),
              ),
            ]
          : [];
      // Limits (size, count, total) and repeated files, checked before any byte is sent.
      const { accepted, notes: limitNotes } = limits
        ? screenFiles(
            filtered.accepted,
            entries.map((e) => e.file),
            limits,
            true,
          )
        : { accepted: filtered.accepted, notes: [] };
      notes.push(...limitNotes);
      setNotice(notes.length > 0 ? notes.join(' ') : null);
      if (accepted.length === 0) return;
      setEntries((list) => addFiles(list, accepted));
      reset();
    },
    [tool, reset, limits, entries],
  );

  const remove = (id: number) => {
    setEntries((list) => removeEntry(list, id));
    setNotice(null);
    reset();
  };

  const move = (from: number, to: number) => {
    if (from === to) return;
    setEntries((list) => moveEntry(list, from, to));
    reset();
  };

  const listReady = useMergeListReady(entries.length > 0);
  const canMerge = entries.length >= tool.minFiles && !job.done && listReady;

  return (
    <div className={styles.tool} data-tool={tool.slug}>
      <DropZone onFiles={add} disabled={job.busy} multiple>
        <UploadButton
          label={entries.length > 0 ? tool.labels.replace : tool.labels.upload}
          accept={tool.accept}
          multiple
          disabled={job.busy}
          onFiles={add}
        />
      </DropZone>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      {entries.length > 0 && <MergeList entries={entries} disabled={job.busy} onMove={move} onRemove={remove} />}
      <div className={styles.actions}>
        {canMerge && (
          <button
            ref={actionRef}
            type="button"
            className={styles.button}
            disabled={job.busy}
            onClick={() => void job.run(entries.map((e) => e.file))}
          >
            {job.busy ? tool.labels.busy : tool.labels.action}
          </button>
        )}
        <JobProgress progress={job.progress} />
        <JobAnnouncer status={job.status} readyText={`Done. Use ${tool.labels.download} to save the result.`} />
        <JobError text={job.error} />
        {job.done && entries.length > 0 && (
          <>
            {job.result && <JobSuccess text={`Done: ${entries.length} files merged into ${job.result.name}.`} />}
            <ResultNotice text={job.result?.notice} />
            <button
              ref={downloadRef}
              type="button"
              className={`${styles.button} ${styles.download}`}
              onClick={job.save}
            >
              {tool.labels.download}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
