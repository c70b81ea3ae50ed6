'use client';
// Single-file pages (SPEC section 2 "Single-file pages", section 4 states): empty -> file chosen -> busy -> done.
import type { FileToolDef } from '@/lib/tools/registry';
import { DropZone } from './drop-zone';
import { ResultNotice } from './result-notice';
import { ResultSummary } from './result-summary';
import { JobError } from '@/components/ui/last-error';
import { JobSuccess } from './job-success';
import { ResultPreview } from './lazy-result-preview';
import { useJobFocus } from './use-job-focus';
import { JobAnnouncer } from './job-announcer';
import { JobProgress } from './job-progress';
import { UploadButton } from './upload-button';
import { UploadedFile } from './uploaded-file';
import { useFileJob } from './use-file-job';
import { useSingleFile } from './use-single-file';
import { BatchList } from './batch-list';
import { useBatch } from './use-batch';
import { useBatchChoice } from './use-batch-choice';
import { ToolOptions } from '@/components/tool-options/tool-options';
import { useToolOptions } from '@/components/tool-options/use-tool-options';
import styles from './file-tool.module.css';

export function SingleFileTool({ tool }: { tool: FileToolDef }) {
  const job = useFileJob(tool);
  const { actionRef, downloadRef } = useJobFocus(job.status);
  const single = useSingleFile(tool, job.reset);
  const { file, remove } = single;
  const options = useToolOptions(tool.api);
  const batch = useBatch(tool);
  const choose = useBatchChoice(tool, batch, single);
  const notice = batch.active ? batch.notice : single.notice;
  const busy = job.busy || batch.running;

  return (
    <div className={styles.tool} data-tool={tool.slug}>
      <DropZone onFiles={choose} disabled={busy}>
        <UploadButton
          label={file ? tool.labels.replace : tool.labels.upload}
          accept={tool.accept}
          multiple
          disabled={busy}
          onFiles={choose}
        />
      </DropZone>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <ToolOptions options={options} disabled={busy} />
      {batch.active && <BatchList tool={tool} batch={batch} onRun={() => void batch.run(options.settings)} />}
      {file && <UploadedFile file={file} disabled={job.busy} onRemove={remove} />}
      <div className={styles.actions}>
        {file && !job.done && (
          <button
            ref={actionRef}
            type="button"
            className={styles.button}
            disabled={job.busy}
            onClick={() => void job.run([file], undefined, options.settings)}
          >
            {job.busy ? tool.labels.busy : tool.labels.action}
          </button>
        )}
        <JobProgress progress={job.progress} />
        <JobAnnouncer status={job.status} readyText={`Done. Use ${tool.labels.download} to save the result.`} />
        <JobError text={job.error} />
        {file && job.done && (
          <>
            {job.result && <JobSuccess text={`Done: ${job.result.name} is ready.`} />}
            {job.result && (
              <ResultSummary
                inputBytes={file.size}
                outputBytes={job.result.blob.size}
                showSaving={tool.api.endsWith('/compress')}
              />
            )}
            <ResultNotice text={job.result?.notice} />
            <button
              ref={downloadRef}
              type="button"
              className={`${styles.button} ${styles.download}`}
              onClick={job.save}
            >
              {tool.labels.download}
            </button>
            {/* Below the button: the pictures arrive a moment after it, and would push it away from the pointer. */}
            {job.result && (
              <ResultPreview tool={tool} input={file} output={job.result.blob} outputName={job.result.name} />
            )}
          </>
        )}
      </div>
    </div>
  );
}
