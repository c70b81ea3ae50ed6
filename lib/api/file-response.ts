// A stored result as a download reply: streamed, with its name (RFC 6266) and never cached.
import 'server-only';
import { Readable } from 'node:stream';
import type { StoredOutput } from '@/lib/jobs/store';

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** @param body the result's bytes, opened from the session store (disk file or object storage) */
export function fileResponse(body: Readable, out: Pick<StoredOutput, 'name' | 'mime' | 'size' | 'notice'>): Response {
  const headers: Record<string, string> = {
    'Content-Type': out.mime,
    'Content-Length': String(out.size),
    // Next drops Content-Length from route handlers; server.mjs restores it from this (server-length.mjs).
    'X-OneDesk-Stored-Length': String(out.size),
    'Content-Disposition': contentDisposition(out.name),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (out.notice) headers['X-Result-Notice'] = encodeURIComponent(out.notice);
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
