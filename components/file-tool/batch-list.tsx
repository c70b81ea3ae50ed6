'use client';
// The batch's files (issue 20): one row per file with its own state, result size, notice or error and its own
// Download button; below, the tool's action for all of them and "Download all" as one ZIP.
import { formatSize } from '@/lib/client/file-list';
import type { FileToolDef } from '@/lib/tools/registry';
import type { BatchItem, BatchState } from './use-batch';
import styles from './file-tool.module.css';
import b from './batch-list.module.css';

const STATE_TEXT: Record<BatchItem['state'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  processing: 'Processing...',
  downloading: 'Preparing download...',
  done: 'Done',
  error: 'Failed',
};

function status(it: BatchItem): string {
  if (it.state === 'uploading' && it.fraction !== null) return `Uploading... ${Math.round(it.fraction * 100)}%`;
  if (it.state === 'done' && it.result) return `Done: ${formatSize(it.file.size)} → ${formatSize(it.result.blob.size)}`;
  return STATE_TEXT[it.state];
}

interface Props {
  tool: FileToolDef;
  batch: BatchState;
  /** Starts (or resumes) the batch with the page's settings. */
  onRun: () => void;
  /** E.g. the lock page while its password is not valid. */
  runDisabled?: boolean;
}

export function BatchList({ tool, batch, onRun, runDisabled = false }: Props) {
  const { items, running, doneCount, failedCount } = batch;
  const pending = items.filter((it) => it.state !== 'done').length;
  return (
    <section className={styles.card} aria-labelledby="batch-title" data-testid="batch">
      <h2 id="batch-title" className={styles.cardTitle}>{`Files (${items.length})`}</h2>
      <ul className={b.list}>
        {items.map((it) => (
          <li key={it.id} className={b.row} data-testid="batch-row" data-state={it.state}>
            <span className={styles.fileName} title={it.file.name} data-testid="file-name">
              {it.file.name}
            </span>
            <span className={b.status} data-testid="batch-status">
              {status(it)}
            </span>
            {it.state === 'done' && it.result && (
              <button
                type="button"
                className={b.small}
                onClick={() => batch.saveOne(it.id)}
                aria-label={`Download ${it.result.name}`}
              >
                Download
              </button>
            )}
            {!running && it.state !== 'done' && (
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => batch.remove(it.id)}
                aria-label={`Remove ${it.file.name}`}
                title="Remove"
              >
                ×
              </button>
            )}
            {it.state === 'error' && (
              <span className={b.error} role="alert">
                {it.error}
              </span>
            )}
            {it.state === 'done' && it.result?.notice && <span className={b.notice}>{it.result.notice}</span>}
          </li>
        ))}
      </ul>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {running
          ? `${doneCount} of ${items.length} done`
          : doneCount + failedCount > 0
            ? `${doneCount} done, ${failedCount} failed.`
            : ''}
      </p>
      <div className={styles.actions}>
        {pending > 0 && (
          <button type="button" className={styles.button} disabled={running || runDisabled} onClick={onRun}>
            {running
              ? `${tool.labels.busy} ${doneCount + failedCount}/${items.length}`
              : `${tool.labels.action} (${pending} ${pending === 1 ? 'file' : 'files'})`}
          </button>
        )}
        {doneCount > 0 && (
          <button
            type="button"
            className={`${styles.button} ${styles.download}`}
            disabled={running}
            onClick={() => void batch.saveAll()}
          >
            {`Download all (ZIP, ${doneCount} ${doneCount === 1 ? 'file' : 'files'})`}
          </button>
        )}
        {!running && (
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={batch.clear}>
            Clear list
          </button>
        )}
      </div>
    </section>
  );
}
