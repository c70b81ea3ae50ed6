import styles from './file-tool.module.css';

/** The one success state of every file tool: a green check line above the Download button. `announce` gives it
 * role=status on pages without the job announcer (lock). */
export function JobSuccess({ text, announce = false }: { text: string; announce?: boolean }) {
  return (
    <p className={styles.success} role={announce ? 'status' : undefined} data-testid="job-success">
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="10" />
        <polyline points="8 12.5 11 15.5 16 9.5" />
      </svg>
      {text}
    </p>
  );
}
