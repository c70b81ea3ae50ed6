// One error class for everything a visitor can be told. The code decides the HTTP status; the message is
// shown to the visitor as is, so it must be clear and never carry a stack or a server path.

export const STATUS = {
  BAD_REQUEST: 400,
  INVALID_SESSION: 400,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers?: Record<string, string>;
  /** Extra reply fields the spec defines for failures too (translate's detected_language). */
  readonly fields?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, headers?: Record<string, string>, fields?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = headers;
    this.fields = fields;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const isAppError = (e: unknown): e is AppError =>
  e instanceof AppError ||
  (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AppError' &&
    typeof (e as { code?: unknown }).code === 'string' && (e as { code: string }).code in STATUS);

/** A visitor's file name without directories, control characters (C0, DEL, C1) or bidirectional
 * formatting marks (an override can make "gpj.exe" read as "exe.jpg"); possibly empty. */
export function bareFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? name)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
}

/** A file name as it may appear in a message: no path, no control characters, bounded length. */
export function displayName(name: string): string {
  const clean = bareFileName(name) || 'file';
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
