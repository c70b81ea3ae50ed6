// The four steps of a file job (SPEC sections 4 and 7): upload, process, download, cleanup.
import 'server-only';
import { AppError } from '@/lib/core/errors';
import type { FileToolDef } from '@/lib/tools/registry';
import type { JobOptions } from '@/lib/tools/types';
import type { Owner } from './owner';
import { assertSessionId } from './ids';
import { jobQueue } from './queue';
import { jobLifetimeMs } from './queue/settings';
import { reserveStorage, settleSession } from './storage';
import { sessionStore, type FoundOutput, type StoredOutput } from './store';

export async function processJob(
  tool: FileToolDef,
  sessionIdRaw: unknown,
  options: JobOptions,
  client: string,
  owner: Owner,
): Promise<StoredOutput> {
  const sessionId = assertSessionId(sessionIdRaw);
  const store = sessionStore();
  const meta = await store.requireSession(sessionId, owner);
  await store.touchSession(sessionId);
  if (meta.tool !== tool.api || meta.inputs.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      'No file has been uploaded for this tool in this session. Please upload the file again.',
    );
  }
  if (meta.inputs.length < tool.minFiles) {
    throw new AppError('BAD_REQUEST', `Add at least ${tool.minFiles} files to merge.`);
  }
  // The result is paid for from the disk budget: room for about the input's size before the job, the
  // rest (if it is larger) once its size is known. 507 when the budget or the client's share is spent.
  const inputBytes = meta.inputs.reduce((n, i) => n + i.size, 0);
  const reservation = await reserveStorage(client, inputBytes);
  // While the job waits and runs (here or on a worker), the sweeper leaves the session alone.
  const lease = await store.acquireLease(sessionId, jobLifetimeMs());
  try {
    // Runs here (QUEUE=local) or on a worker (QUEUE=redis): lib/jobs/queue/execute.ts. Either way a result
    // larger than the reservation is checked against the budget before it is stored.
    const stored = await jobQueue().run(
      { sessionId, tool: tool.api, options, client, paidBytes: reservation.bytes },
      { onOutputSize: (size) => size > reservation.bytes && reservation.grow(size - reservation.bytes) },
    );
    settleSession(sessionId, client, inputBytes + stored.size, reservation);
    return stored;
  } finally {
    reservation.release();
    await store.releaseLease(sessionId, lease).catch(() => undefined);
  }
}

/** The stored result a download sends (lib/api/file-response.ts streams it). */
export async function downloadJob(tool: FileToolDef, fileId: string, owner: Owner): Promise<FoundOutput> {
  const found = await sessionStore().findOutput(fileId, tool.api, owner);
  if (!found) throw new AppError('NOT_FOUND', 'This file does not exist or has already been deleted.');
  return found;
}

export async function cleanupJob(sessionIdRaw: unknown, owner: Owner): Promise<boolean> {
  return sessionStore().deleteSession(assertSessionId(sessionIdRaw), owner);
}
