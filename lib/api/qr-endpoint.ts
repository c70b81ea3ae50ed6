// QR codes are jobs without an upload: the PNG is stored like a file job's result (swept after the
// session time limit) and fetched by its file id, as often as the page asks for it.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors';
import { firstIssue, qrBody } from './schemas';
import { renderQrPng } from '@/lib/qr/render';
import { newSessionId } from '@/lib/jobs/ids';
import { claimSession, findOutput, saveSession, scratchDir, storeOutput, type SessionMeta } from '@/lib/jobs/session-store';
import { reserveStorage, settleSession } from '@/lib/jobs/storage';
import { safeFileName } from '@/lib/jobs/upload';
import { fileResponse } from '@/lib/jobs/file-job';
import { ownerHash, type Owner } from '@/lib/jobs/owner';

const QR_API = 'qr/generate';

export async function generateQr(body: unknown, owner: Owner, client: string): Promise<{ file_id: string }> {
  const parsed = qrBody.safeParse(body);
  if (!parsed.success) throw new AppError('BAD_REQUEST', firstIssue(parsed.error));
  const png = await renderQrPng(parsed.data.content);
  // The image counts against the disk budget like any result (507 when it or the client's share is spent).
  const reservation = await reserveStorage(client, png.length);
  try {
    const meta: SessionMeta = { id: newSessionId(), tool: QR_API, createdAt: Date.now(), owner: ownerHash(owner.token), inputs: [], outputs: [] };
    if (!(await claimSession(meta.id, owner))) throw new Error('fresh session id already taken');
    await saveSession(meta);
    const dir = await scratchDir(meta.id, 'job');
    const file = path.join(dir, 'qr.png');
    await fs.writeFile(file, png);
    const wanted = safeFileName(parsed.data.output_filename);
    const name = wanted !== 'file' && wanted.toLowerCase().endsWith('.png') ? wanted : `qr_code_${Date.now()}.png`;
    const out = await storeOutput(meta, file, { tool: QR_API, name, mime: 'image/png' });
    settleSession(meta.id, client, out.size, reservation);
    await fs.rm(dir, { recursive: true, force: true });
    return { file_id: out.fileId };
  } finally {
    reservation.release();
  }
}

export async function downloadQr(fileId: string, owner: Owner): Promise<Response> {
  const found = await findOutput(fileId, QR_API, owner);
  if (!found) throw new AppError('NOT_FOUND', 'This QR code does not exist or has expired. Please generate it again.');
  return fileResponse(found.path, found.output);
}
