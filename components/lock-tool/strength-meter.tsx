import { passwordStrength } from '@/lib/client/password';
import styles from './lock-tool.module.css';

const TONE = { Weak: 'weak', Medium: 'medium', Strong: 'strong' } as const;

export function StrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { label, percent } = passwordStrength(password);
  const tone = TONE[label];
  return (
    <div className={styles.meter}>
      <span>
        Password strength:{' '}
        <strong className={styles[`${tone}Text`]} data-testid="strength-label">
          {label}
        </strong>
      </span>
      <div
        className={styles.meterTrack}
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <div
          className={`${styles.meterBar} ${styles[tone]}`}
          style={{ width: `${percent}%` }}
          data-testid="strength-bar"
        />
      </div>
    </div>
  );
}
