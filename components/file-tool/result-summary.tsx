import { formatSize } from '@/lib/client/file-list';
import styles from './file-tool.module.css';

/** The result's size, and, on tools whose point is a smaller file (`showSaving`), how much smaller it is. */
export function ResultSummary({
  inputBytes,
  outputBytes,
  showSaving = false,
}: {
  inputBytes: number;
  outputBytes: number;
  showSaving?: boolean;
}) {
  const saved = inputBytes > 0 ? Math.round((1 - outputBytes / inputBytes) * 100) : 0;
  return (
    <p className={styles.resultNotice} data-testid="result-summary">
      {`Result: ${formatSize(outputBytes)}`}
      {showSaving && saved >= 1 && ` (${saved}% smaller than ${formatSize(inputBytes)})`}
    </p>
  );
}
