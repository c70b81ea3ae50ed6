import { AppError } from '@/lib/api/errors';
import { LIMITS } from '@/lib/tools/registry';

/** PDF lock's password rule (SPEC section 5), enforced on the server too. */
export function validatePassword(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) throw new AppError('BAD_REQUEST', 'A password is required.');
  if ([...password].length < LIMITS.passwordMin) {
    throw new AppError('BAD_REQUEST', 'Password must be at least 6 characters long');
  }
  if (password.length > 1024) throw new AppError('BAD_REQUEST', 'The password is too long.');
  return password;
}
