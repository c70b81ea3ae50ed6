// The only place that builds JSON replies: {"success": true, ...} or {"success": false, "error": "..."}.
import 'server-only';
import { ZodError } from 'zod';
import { AppError, errorHeaders, httpStatus, isAppError } from './errors';
import { firstIssue } from './schemas';

const JSON_HEADERS = { 'Cache-Control': 'no-store' };

export function ok(body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return Response.json(
    { success: true, error: null, ...body },
    { status: 200, headers: { ...JSON_HEADERS, ...headers } },
  );
}

/** An AppError keeps its status and message, a request that fails its zod schema is a 400 with the first
 * issue; anything else is logged and answered with `fallback` (500). */
export function fail(err: unknown, fallback: string): Response {
  if (err instanceof ZodError) return fail(new AppError('BAD_REQUEST', firstIssue(err)), fallback);
  if (isAppError(err)) {
    return Response.json(
      { ...(err.fields ?? {}), success: false, error: err.message },
      { status: httpStatus(err), headers: { ...JSON_HEADERS, ...errorHeaders(err) } },
    );
  }
  console.error('[api] unexpected error:', err instanceof Error ? (err.stack ?? err.message) : String(err));
  return Response.json({ success: false, error: fallback }, { status: 500, headers: JSON_HEADERS });
}

/** Reads a JSON body with a byte cap, so a huge body is refused before it is buffered. */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'The request is too large.');
  if (!req.body) throw new AppError('BAD_REQUEST', 'The request body must be JSON.');
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body (e.g. a debounced request it aborted): nothing to answer or log.
      throw new AppError('BAD_REQUEST', 'The request was interrupted.');
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE', 'The request is too large.');
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON.');
  }
}

export { AppError };
