import type { JobStatus } from './use-file-job';
import styles from './file-tool.module.css';

/** Tells screen-reader users what the buttons' changes show visually (always rendered, so it is announced). */
export function JobAnnouncer({ status, readyText }: { status: JobStatus; readyText: string }) {
  return (
    <p className={styles.srOnly} role="status" aria-live="polite">
      {status === 'busy' ? 'Working on it...' : status === 'done' ? readyText : ''}
    </p>
  );
}
