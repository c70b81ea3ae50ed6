import type { JobProgress as Progress } from './use-file-job';
import styles from './file-tool.module.css';

const PHASE_TEXT = { uploading: 'Uploading', processing: 'Processing', downloading: 'Preparing download' } as const;

// Upload progress as a percentage (what large files need); the server-side step has no measurable progress,
// so it shows an indeterminate bar.
export function JobProgress({ progress }: { progress: Progress | null }) {
  if (!progress) return null;
  const percent = progress.fraction === null ? null : Math.round(progress.fraction * 100);
  const text = PHASE_TEXT[progress.phase];
  return (
    <div className={styles.progress}>
      <span aria-hidden="true">{percent === null ? `${text}...` : `${text}... ${percent}%`}</span>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? `${text}...` : `${percent}%`}
      >
        <div
          className={`${styles.bar} ${percent === null ? styles.indeterminate : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
