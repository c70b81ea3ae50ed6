// Identifier rules. Session ids come from the browser (SPEC section 3: milliseconds + a base-36 fragment) and
// are checked before anything touches the disk; file ids are ours and unguessable (128 random bits).
import { randomBytes } from 'node:crypto';
import { AppError } from '@/lib/core/errors';

const SESSION_ID = /^[0-9]{13}[a-z0-9]{1,16}$/;
const FILE_ID = /^[0-9a-f]{32}$/;

export const isSessionId = (id: unknown): id is string => typeof id === 'string' && SESSION_ID.test(id);
export const isFileId = (id: unknown): id is string => typeof id === 'string' && FILE_ID.test(id);

export function assertSessionId(id: unknown): string {
  if (id === undefined || id === null || id === '') throw new AppError('INVALID_SESSION', 'A session_id is required.');
  if (!isSessionId(id)) throw new AppError('INVALID_SESSION', 'The session_id is not valid.');
  return id;
}

export const newFileId = (): string => randomBytes(16).toString('hex');

/** A server-made session id of the same form, for jobs without a browser session (QR codes). */
export const newSessionId = (): string => `${Date.now()}${randomBytes(6).readUIntBE(0, 6).toString(36)}`;
