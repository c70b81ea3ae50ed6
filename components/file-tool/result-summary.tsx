import { formatSize } from '@/lib/client/file-list';
import styles from './file-tool.module.css';

/** The result's size, and how much smaller it is than the input when it is (what compress visitors look for). */
export function ResultSummary({ inputBytes, outputBytes }: { inputBytes: number; outputBytes: number }) {
  const saved = inputBytes > 0 ? Math.round((1 - outputBytes / inputBytes) * 100) : 0;
  return (
    <p className={styles.resultNotice} data-testid="result-summary">
      {`Result: ${formatSize(outputBytes)}`}
      {saved >= 1 && ` (${saved}% smaller than ${formatSize(inputBytes)})`}
    </p>
  );
}
