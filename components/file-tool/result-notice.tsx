import styles from './file-tool.module.css';

/** The server's remark on a finished job (e.g. the original was already as small as it gets). */
export function ResultNotice({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className={styles.resultNotice} role="status">
      {text}
    </p>
  );
}
