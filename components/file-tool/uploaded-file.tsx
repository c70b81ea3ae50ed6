import { formatSize } from '@/lib/client/file-list';
import styles from './file-tool.module.css';

interface Props {
  file: File;
  disabled?: boolean;
  onRemove: () => void;
}

export function UploadedFile({ file, disabled = false, onRemove }: Props) {
  return (
    <section className={styles.card} aria-labelledby="uploaded-file-title">
      <h2 id="uploaded-file-title" className={styles.cardTitle}>
        Uploaded File
      </h2>
      <div className={styles.fileRow}>
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
          <polyline points="14 2 14 8 20 8" />
        </svg>
        <span className={styles.fileName} title={file.name} data-testid="file-name">
          {file.name}
        </span>
        <span className={styles.fileSize}>{formatSize(file.size)}</span>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${file.name}`}
          title="Remove"
        >
          ×
        </button>
      </div>
    </section>
  );
}
