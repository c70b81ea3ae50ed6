// The API edge's half of error handling: the one table from a domain error code (lib/core/errors.ts) to an
// HTTP status, and the headers an error's details become. Nothing below lib/api imports this file.
import type { AppError, ErrorCode } from '@/lib/core/errors';

export const STATUS: Record<ErrorCode, number> = {
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
};

export const httpStatus = (err: AppError): number => STATUS[err.code];

/** Retry-After for busy and limited answers; translate's detected language also as a header (SPEC 7). */
export function errorHeaders(err: AppError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (err.retryAfterSeconds !== undefined) headers['Retry-After'] = String(err.retryAfterSeconds);
  const detected = err.fields?.detected_language;
  if (typeof detected === 'string') headers['X-Detected-Language'] = detected;
  return headers;
}

// Re-exported for the API layer only: code below lib/api imports @/lib/core/errors (scripts/check-layers.mjs).
export { AppError, isAppError, bareFileName, displayName } from '@/lib/core/errors';
export type { ErrorCode } from '@/lib/core/errors';
