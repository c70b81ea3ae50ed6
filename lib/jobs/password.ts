import { AppError } from '@/lib/api/errors';
import { LIMITS } from '@/lib/tools/registry';
import { PASSWORD_MESSAGES } from '@/lib/client/password';
import { charCount } from '@/lib/text/count';

/** PDF lock's password rule (SPEC section 5), enforced on the server too: the page's own rule and text. */
export function validatePassword(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) throw new AppError('BAD_REQUEST', 'A password is required.');
  if (charCount(password) < LIMITS.passwordMin) throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.tooShort);
  if (password.length > 1024) throw new AppError('BAD_REQUEST', 'The password is too long.');
  return password;
}
