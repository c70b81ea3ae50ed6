// PDF lock's password rule (SPEC section 5), in one place: the page checks it as the visitor types, the API
// checks it before a job starts, and the lock module checks it again after SASLprep. Browser-safe.
import { AppError } from './errors';
import { LIMITS } from './limits';
import { charCount } from './chars';

export const PASSWORD_MESSAGES = {
  required: 'A password is required.',
  tooShort: 'Password must be at least 6 characters long',
  tooLong: 'The password is too long.',
  mismatch: 'Passwords do not match. Please try again.',
} as const;

/** Longest password accepted, in UTF-16 units (a bound on work, not a rule the page shows). */
export const PASSWORD_MAX_UNITS = 1024;

/** A password's length as the page shows it: user-perceived characters, the site's one character measure
 * (lib/core/chars.ts), so an emoji is one character. */
export const passwordLength = (s: string) => charCount(s);

/** The password, or the AppError the visitor sees. */
export function checkLockPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0)
    throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.required);
  if (passwordLength(password) < LIMITS.passwordMin) throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_UNITS) throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.tooLong);
  return password;
}
