'use client';
// PDF lock page (SPEC section 2 "PDF lock page", section 5). The password lives only in this component's
// state and the two requests; it is cleared once the file is locked.
import { useCallback, useState } from 'react';
import type { FileToolDef } from '@/lib/tools/registry';
import { checkPasswords } from '@/lib/client/password';
import { DropZone } from '@/components/file-tool/drop-zone';
import { ResultNotice } from '@/components/file-tool/result-notice';
import { JobError } from '@/components/ui/last-error';
import { JobSuccess } from '@/components/file-tool/job-success';
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

export function LockTool({ tool }: { tool: FileToolDef }) {
  const job = useFileJob(tool);
  const { actionRef, downloadRef } = useJobFocus(job.status);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { reset } = job;
  const single = useSingleFile(tool, reset);
  const { file, remove } = single;
  const check = checkPasswords(password, confirm);
  // Batch (issue 20): every file gets the same password; it is cleared once all are locked.
  const batch = useBatch(tool);
  const choose = useBatchChoice(tool, batch, single);
  const notice = batch.active ? batch.notice : single.notice;
  const busy = job.busy || batch.running;
  const lockAll = useCallback(async () => {
    if (!check.valid || batch.running) return;
    await batch.run(undefined, { password });
  }, [batch, check.valid, password]);
  // Errors show once a field has been left or a lock was attempted, not while the first characters are typed.
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [submitted, setSubmitted] = useState(false);
  const passwordError = touched.password || submitted ? check.passwordError : null;
  const confirmError = touched.confirm || submitted ? check.confirmError : null;

  const lock = useCallback(async () => {
    if (!file || !check.valid || job.busy) return;
    const ok = await job.run([file], { password });
    if (ok) {
      setPassword('');
      setConfirm('');
      setTouched({ password: false, confirm: false });
      setSubmitted(false);
    }
  }, [file, check.valid, job, password]);

  return (
    <div className={ft.tool} data-tool={tool.slug}>
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
        <p className={ft.notice} role="status">
          {notice}
        </p>
      )}
      {file && <UploadedFile file={file} disabled={job.busy} onRemove={remove} />}
      {(file || batch.active) && !job.done && (
        <form
          className={`${ft.card} ${styles.panel}`}
          aria-labelledby="set-password-title"
          // Enter tries to lock; with the button disabled the browser does not submit, so note the attempt here.
          onKeyDown={(e) => {
            if (e.key === 'Enter') setSubmitted(true);
          }}
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(true);
            void (batch.active ? lockAll() : lock());
          }}
        >
          <h2 id="set-password-title" className={styles.panelTitle}>
            Set Password
          </h2>
          <p className={styles.panelText}>Enter a password to protect your PDF file</p>
          <PasswordField
            label="Password"
            placeholder="Enter password"
            value={password}
            error={passwordError}
            disabled={busy}
            autoComplete="new-password"
            hint="At least 6 characters. 12 or more with upper and lower case, a digit and a symbol is strongest."
            onChange={setPassword}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          />
          <StrengthMeter password={password} />
          <PasswordField
            label="Confirm Password"
            placeholder="Confirm password"
            value={confirm}
            error={confirmError}
            disabled={busy}
            autoComplete="new-password"
            onChange={setConfirm}
            onBlur={() => setTouched((t) => ({ ...t, confirm: t.confirm || confirm !== '' }))}
          />
          {!batch.active && (
            <div className={ft.actions}>
              <button ref={actionRef} type="submit" className={ft.button} disabled={!check.valid || job.busy}>
                {job.busy ? tool.labels.busy : tool.labels.action}
              </button>
              <JobProgress progress={job.progress} />
            </div>
          )}
        </form>
      )}
      {batch.active && <BatchList tool={tool} batch={batch} runDisabled={!check.valid} onRun={() => void lockAll()} />}
      <JobError text={job.error} />
      {file && job.done && (
        <div className={ft.actions}>
          <JobSuccess text="PDF file has been successfully locked!" announce />
          <ResultNotice text={job.result?.notice} />
          <button ref={downloadRef} type="button" className={`${ft.button} ${ft.download}`} onClick={job.save}>
            {tool.labels.download}
          </button>
        </div>
      )}
    </div>
  );
}
