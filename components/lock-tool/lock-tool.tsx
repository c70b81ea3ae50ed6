'use client';
// PDF lock page (SPEC section 2 "PDF lock page", section 5). The password lives only in this component's
// state and the two requests; it is cleared once the file is locked.
import { useCallback, useState } from 'react';
import type { FileToolDef } from '@/lib/tools/registry';
import { checkPasswords } from '@/lib/client/password';
import { DropZone } from '@/components/file-tool/drop-zone';
import { ResultNotice } from '@/components/file-tool/result-notice';
import { useJobFocus } from '@/components/file-tool/use-job-focus';
import { JobProgress } from '@/components/file-tool/job-progress';
import { UploadButton } from '@/components/file-tool/upload-button';
import { UploadedFile } from '@/components/file-tool/uploaded-file';
import { useFileJob } from '@/components/file-tool/use-file-job';
import { useSingleFile } from '@/components/file-tool/use-single-file';
import { BatchList } from '@/components/file-tool/batch-list';
import { useBatch } from '@/components/file-tool/use-batch';
import { useBatchChoice } from '@/components/file-tool/use-batch-choice';
import ft from '@/components/file-tool/file-tool.module.css';
import { PasswordField } from './password-field';
import { StrengthMeter } from './strength-meter';
import styles from './lock-tool.module.css';

export function LockTool({ tool, maxFiles = 20 }: { tool: FileToolDef; maxFiles?: number }) {
  const job = useFileJob(tool);
  const { actionRef, downloadRef } = useJobFocus(job.status);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { reset } = job;
  const single = useSingleFile(tool, reset);
  const { file, remove } = single;
  const check = checkPasswords(password, confirm);
  // Batch (issue 20): every file gets the same password; it is cleared once all are locked.
  const batch = useBatch(tool, maxFiles);
  const choose = useBatchChoice(tool, batch, single);
  const notice = batch.active ? batch.notice : single.notice;
  const busy = job.busy || batch.running;
  const lockAll = useCallback(async () => {
    if (!check.valid || batch.running) return;
    await batch.run(undefined, { password });
  }, [batch, check.valid, password]);

  const lock = useCallback(async () => {
    if (!file || !check.valid || job.busy) return;
    const ok = await job.run([file], { password });
    if (ok) {
      setPassword('');
      setConfirm('');
    }
  }, [file, check.valid, job, password]);

  return (
    <div className={ft.tool} data-tool={tool.slug}>
      <DropZone onFiles={choose} disabled={busy}>
        <UploadButton label={file ? tool.labels.replace : tool.labels.upload} accept={tool.accept} multiple disabled={busy} onFiles={choose} />
      </DropZone>
      {notice && <p className={ft.notice} role="status">{notice}</p>}
      {file && <UploadedFile file={file} disabled={job.busy} onRemove={remove} />}
      {(file || batch.active) && !job.done && (
        <form
          className={`${ft.card} ${styles.panel}`}
          aria-labelledby="set-password-title"
          onSubmit={(e) => {
            e.preventDefault();
            void (batch.active ? lockAll() : lock());
          }}
        >
          <h2 id="set-password-title" className={styles.panelTitle}>Set Password</h2>
          <p className={styles.panelText}>Enter a password to protect your PDF file</p>
          <PasswordField
            label="Password"
            placeholder="Enter password"
            value={password}
            error={check.passwordError}
            disabled={busy}
            autoComplete="new-password"
            onChange={setPassword}
          />
          <StrengthMeter password={password} />
          <PasswordField
            label="Confirm Password"
            placeholder="Confirm password"
            value={confirm}
            error={check.confirmError}
            disabled={busy}
            autoComplete="new-password"
            onChange={setConfirm}
          />
          {!batch.active && <div className={ft.actions}>
            <button ref={actionRef} type="submit" className={ft.button} disabled={!check.valid || job.busy}>
              {job.busy ? tool.labels.busy : tool.labels.action}
            </button>
            <JobProgress progress={job.progress} />
          </div>}
        </form>
      )}
      {batch.active && <BatchList tool={tool} batch={batch} runDisabled={!check.valid} onRun={() => void lockAll()} />}
      {file && job.done && (
        <div className={ft.actions}>
          <p className={styles.success} role="status">PDF file has been successfully locked!</p>
          <ResultNotice text={job.result?.notice} />
          <button ref={downloadRef} type="button" className={`${ft.button} ${ft.download}`} onClick={job.save}>
            {tool.labels.download}
          </button>
        </div>
      )}
    </div>
  );
}
