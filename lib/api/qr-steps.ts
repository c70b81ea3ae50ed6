// QR codes are jobs without an upload: the image (PNG, or SVG when asked) is stored like a file job's result (swept after the
// session time limit) and fetched by its file id, as often as the page asks for it.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import type { Call } from './handler';
import { ownerCookie } from './owner';
import { ok, readJson } from './respond';
import { qrBody } from './schemas';
import { fileResponse } from './file-response';
import { generateQrImage } from '@/lib/tools/qr/generate/generate';
import { qrOptionsSchema } from '@/lib/tools/qr/generate/options-schema';
import { newSessionId } from '@/lib/jobs/ids';
import { sessionStore, type SessionMeta } from '@/lib/jobs/store';
import { reserveStorage, settleSession } from '@/lib/jobs/storage';
import { safeFileName } from '@/lib/jobs/upload';
import { ownerHash } from '@/lib/jobs/owner';

const QR_API = 'qr/generate';

/** POST /api/qr/generate/process/ with JSON {content, output_filename} and issue 21's optional format, size,
 * ec_level, fg, bg, margin: answers the image's file id. */
export async function generate({ req, owner, client }: Call): Promise<Response> {
  const body = await readJson(req, serverConfig().maxJsonBytes);
  const { content, output_filename } = qrBody.parse(body);
  // Issue 21's optional fields; a bad one is a 400 naming it.
  const options = qrOptionsSchema.safeParse(body);
  if (!options.success) {
    const issue = options.error.issues[0];
    throw new AppError('BAD_REQUEST', `The option "${issue?.path.join('.')}" is not valid: ${issue?.message}`);
  }
  const image = await generateQrImage(content, options.data);
  // The image counts against the disk budget like any result (507 when it or the client's share is spent).
  const reservation = await reserveStorage(client, image.data.length);
  try {
    const meta: SessionMeta = {
      id: newSessionId(),
      tool: QR_API,
      createdAt: Date.now(),
      owner: ownerHash(owner.token),
      inputs: [],
      outputs: [],
    };
    const store = sessionStore();
    if (!(await store.claimSession(meta.id, owner))) throw new Error('fresh session id already taken');
    await store.saveSession(meta);
    const dir = await store.scratchDir(meta.id, 'job');
    const file = path.join(dir, `qr.${image.ext}`);
    await fs.writeFile(file, image.data);
    const wanted = safeFileName(output_filename);
    // The download's extension follows the format.
    const name =
      wanted !== 'file' && wanted.toLowerCase().endsWith(`.${image.ext}`)
        ? wanted
        : `qr_code_${Date.now()}.${image.ext}`;
    const out = await store.storeOutput(meta, file, { tool: QR_API, name, mime: image.mime });
    settleSession(meta.id, client, out.size, reservation);
    await fs.rm(dir, { recursive: true, force: true });
    return ok({ file_id: out.fileId }, ownerCookie(owner, req));
  } finally {
    reservation.release();
  }
}

/** GET /api/qr/generate/download/{file_id}/, as often as the page asks. */
export async function download({ params, owner }: Call): Promise<Response> {
  const found = await sessionStore().findOutput(typeof params.id === 'string' ? params.id : '', QR_API, owner);
  const body = await found?.open();
  if (!found || !body)
    throw new AppError('NOT_FOUND', 'This QR code does not exist or has expired. Please generate it again.');
  return fileResponse(body, found.output);
}
