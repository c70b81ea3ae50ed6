import styles from './last-error.module.css';

/** The last error (file jobs and text tools), kept on the page beside the spec's alert until the visitor's next action. */
export function JobError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className={styles.lastError} data-testid="job-error">
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="12" r="10" />
        <line x1="12" y1="7" x2="12" y2="13" />
        <line x1="12" y1="17" x2="12.01" y2="17" />
      </svg>
      <span>{text}</span>
    </p>
  );
}
