// The four-step file job of SPEC sections 4 and 7, browser side: upload -> process -> download -> cleanup.
// The result is downloaded into memory before cleanup, because cleanup deletes the session's files; the page
// then saves that blob when the visitor clicks Download. Cleanup is always sent, success or failure, and its
// own failure is silent. Transport is injectable so the flow is unit-tested in Node against a real HTTP server.
import { downloadName, type FileToolDef } from '@/lib/tools/registry';
import { createSessionId } from './session-id';
import { raiseFromResponse } from './job-errors';

export type JobPhase = 'uploading' | 'processing' | 'downloading';

export interface TransportResponse {
  status: number;
  body: unknown;
}

export type UploadTransport = (
  url: string,
  form: FormData,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
) => Promise<TransportResponse>;

export interface FileJobRequest {
  tool: FileToolDef;
  /** In list order: merges send them in this order. */
  files: File[];
  /** PDF lock: { password }. Sent with upload and process. */
  fields?: Record<string, string>;
  /** The tool's optional settings (lib/tools/options.ts), sent with the process request only. */
  settings?: Record<string, unknown>;
  onPhase?: (phase: JobPhase) => void;
  onUploadProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Defaults: fetch for the JSON steps, fetchUpload for the upload (the browser hook passes xhrUpload). */
  upload?: UploadTransport;
  fetch?: typeof fetch;
  /** Origin for the relative /api paths; '' in the browser. */
  baseUrl?: string;
  newSessionId?: () => string;
}

export interface FileJobResult {
  blob: Blob;
  /** The name to save under (SPEC section 7). */
  name: string;
  /** Something the server wants the visitor to know, e.g. that the original was already optimal. */
  notice?: string;
}

/** The exact UTF-8 name the server chose (RFC 5987 `filename*`), which follows a format setting. */
export function nameFromDisposition(header: string | null): string | undefined {
  const m = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

const succeeded = (status: number, body: unknown) =>
  status >= 200 &&
  status < 300 &&
  !!body &&
  typeof body === 'object' &&
  (body as { success?: unknown }).success === true;

export const fetchUpload: UploadTransport = async (url, form, onProgress, signal) => {
  const res = await fetch(url, { method: 'POST', body: form, signal });
  const body = await readJson(res);
  onProgress?.(1, 1);
  return { status: res.status, body };
};

export async function runFileJob(req: FileJobRequest): Promise<FileJobResult> {
  const { tool, files, fields = {}, signal } = req;
  const doFetch = req.fetch ?? globalThis.fetch.bind(globalThis);
  const upload = req.upload ?? fetchUpload;
  const api = `${req.baseUrl ?? ''}/api/${tool.api}`;
  if (files.length === 0) throw new Error('Choose a file first.');

  // Any transport failure (offline, connection reset) becomes one readable message; aborts stay aborts.
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      // fetch reports network failures as TypeError (checked by name: it may come from another realm).
      if (signal?.aborted || (e as { name?: unknown } | null)?.name !== 'TypeError') throw e;
      throw new Error(NETWORK_ERROR);
    }
  };

  let sessionId: string | null = (req.newSessionId ?? createSessionId)();
  try {
    req.onPhase?.('uploading');
    const form = new FormData();
    form.append('session_id', sessionId);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const field = tool.kind === 'merge' ? 'files' : 'file';
    for (const f of files) form.append(field, f, f.name);
    const up = await guard(() => upload(`${api}/upload/`, form, req.onUploadProgress, signal));
    if (!succeeded(up.status, up.body)) raiseFromResponse(tool, 'upload', up.status, up.body);
    const returned = (up.body as { session_id?: unknown }).session_id;
    if (typeof returned === 'string' && returned !== '') sessionId = returned;

    req.onPhase?.('processing');
    // Settings go only to the process step (lib/tools/options.ts); the spec's fields go to both.
    const proc = await guard(() =>
      doFetch(`${api}/process/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...req.settings, session_id: sessionId, ...fields }),
        signal,
      }),
    );
    const procBody = await readJson(proc);
    if (!succeeded(proc.status, procBody)) raiseFromResponse(tool, 'process', proc.status, procBody);
    const fileId = (procBody as { file_id?: unknown }).file_id;
    if (typeof fileId !== 'string' || fileId === '') raiseFromResponse(tool, 'process', proc.status, undefined);

    req.onPhase?.('downloading');
    const dl = await guard(() => doFetch(`${api}/download/${encodeURIComponent(fileId)}/`, { signal }));
    if (!dl.ok) raiseFromResponse(tool, 'download', dl.status, await readJson(dl));
    const blob = await guard(() => dl.blob());
    const notice = (procBody as { notice?: unknown }).notice;
    const name = nameFromDisposition(dl.headers.get('Content-Disposition')) ?? downloadName(tool, files[0].name);
    return { blob, name, ...(typeof notice === 'string' && notice ? { notice } : {}) };
  } finally {
    const id = sessionId;
    sessionId = null;
    // keepalive lets the DELETE finish even when the page is being left.
    await doFetch(`${api}/cleanup/${encodeURIComponent(id)}/`, { method: 'DELETE', keepalive: true }).catch(() => {});
  }
}
