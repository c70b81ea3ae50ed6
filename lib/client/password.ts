// PDF lock password field: strength meter and the page's checks (SPEC section 5). The length rule and the
// messages are shared with the server (lib/core/password-rule.ts).
import { LIMITS } from '@/lib/core/limits';
import { PASSWORD_MESSAGES, passwordLength } from '@/lib/core/password-rule';

export { PASSWORD_MESSAGES };

export type StrengthLabel = 'Weak' | 'Medium' | 'Strong';
export interface Strength {
  score: number;
  label: StrengthLabel;
  percent: 33 | 66 | 100;
}

/** One point each: length >= 8, length >= 12, both lower and upper case, a digit, a non-alphanumeric char. */
// Letters and digits of any script count as alphanumeric.
export function passwordScore(password: string): number {
  const length = passwordLength(password);
  let score = 0;
  if (length >= 8) score++;
  if (length >= 12) score++;
  if (/\p{Ll}/u.test(password) && /\p{Lu}/u.test(password)) score++;
  if (/\p{Nd}/u.test(password)) score++;
  if (/[^\p{L}\p{N}]/u.test(password)) score++;
  return score;
}

export function passwordStrength(password: string): Strength {
  const score = passwordScore(password);
  if (score <= 2) return { score, label: 'Weak', percent: 33 };
  if (score === 3) return { score, label: 'Medium', percent: 66 };
  return { score, label: 'Strong', percent: 100 };
}

export interface PasswordCheck {
  /** Shown under the Password field; null when there is nothing to say (empty or long enough). */
  passwordError: string | null;
  /** Shown under Confirm Password once something is typed there and it differs. */
  confirmError: string | null;
  /** Locking is allowed only when the length is at least 6, both fields match and no error shows. */
  valid: boolean;
}

export function checkPasswords(password: string, confirm: string): PasswordCheck {
  const length = passwordLength(password);
  const passwordError = length > 0 && length < LIMITS.passwordMin ? PASSWORD_MESSAGES.tooShort : null;
  const confirmError = confirm.length > 0 && confirm !== password ? PASSWORD_MESSAGES.mismatch : null;
  const valid = length >= LIMITS.passwordMin && confirm === password && passwordError === null && confirmError === null;
  return { passwordError, confirmError, valid };
}
