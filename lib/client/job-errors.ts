// What the visitor is told when a job fails (SPEC section 8).
import type { FileToolDef } from '@/lib/tools/registry';

export type JobStep = 'upload' | 'process' | 'download';

/** An error whose text came from the server's `error` field. */
export class ServerError extends Error {
  readonly status: number;
  readonly serverError: string;

  constructor(serverError: string, status: number) {
    super(serverError);
    this.name = 'ServerError';
    this.serverError = serverError;
    this.status = status;
  }
}

/** Default text when a step's response says success false (or fails) without an error text. */
export function stepDefault(tool: FileToolDef, step: JobStep): string {
  if (step === 'upload') return 'Upload failed';
  if (step === 'download') return 'Download failed';
  return tool.errors.default;
}

/**
 * Reads a step's response body. A usable `error` text becomes a ServerError; a failed step without one raises
 * the step's default (SPEC: "if it is absent, a default applies").
 */
export function raiseFromResponse(tool: FileToolDef, step: JobStep, status: number, body: unknown): never {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string' && error.trim() !== '') throw new ServerError(error, status);
  throw new Error(stepDefault(tool, step));
}

/** Single-file and lock pages: the server's error field, else the exception message, else the fallback. */
export function alertText(tool: FileToolDef, err: unknown): string {
  if (err instanceof ServerError && err.serverError) return err.serverError;
  if (err instanceof Error && err.message.trim() !== '') return err.message;
  if (typeof err === 'string' && err.trim() !== '') return err;
  return tool.errors.fallback;
}

/**
 * Merge pages show only the exception message. A ServerError's message is the server's text, so a refused
 * file is still named; an exception without any message gets the fallback rather than an empty alert.
 */
export function mergeAlertText(tool: FileToolDef, err: unknown): string {
  if (err instanceof Error && err.message.trim() !== '') return err.message;
  return tool.errors.fallback;
}
