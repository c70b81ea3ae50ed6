// Errors a visitor caused (a bad, encrypted or damaged file, a wrong field), raised by tools and jobs. Transport
// free, like pdf-lib's errors.ts: a code and a message shown as is (so never a stack or a server path). The
// API edge (lib/api/errors.ts) maps the code to an HTTP status; nothing below it knows about HTTP.

export const ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_SESSION',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'NOT_IMPLEMENTED',
  'UNAVAILABLE',
  'TIMEOUT',
  'INSUFFICIENT_STORAGE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetails {
  /** When trying again makes sense (busy, limited): seconds to wait. */
  retryAfterSeconds?: number;
  /** Extra reply fields the spec defines for failures too (translate's detected_language). */
  fields?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterSeconds?: number;
  readonly fields?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.fields = details.fields;
  }
}

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Also true for an AppError rebuilt from another realm (a worker thread's reply, a second module copy). */
export const isAppError = (e: unknown): e is AppError =>
  e instanceof AppError ||
  (typeof e === 'object' &&
    e !== null &&
    (e as { name?: unknown }).name === 'AppError' &&
    typeof (e as { code?: unknown }).code === 'string' &&
    CODES.has((e as { code: string }).code));

/** A visitor's file name without directories, control characters (C0, DEL, C1) or bidirectional
 * formatting marks (an override can make "gpj.exe" read as "exe.jpg"); possibly empty. */
export function bareFileName(name: string): string {
  return (
    (name.split(/[\\/]/).pop() ?? name)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim()
  );
}

/** A file name as it may appear in a message: no path, no control characters, bounded length. */
export function displayName(name: string): string {
  const clean = bareFileName(name) || 'file';
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
