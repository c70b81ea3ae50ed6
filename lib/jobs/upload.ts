// Upload step: streams multipart files to disk with formidable under size limits, checks each file's real
// type by its bytes, and makes them the session's inputs. Nothing half-written survives a failure.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import formidable, { type File as FormidableFile } from 'formidable';
import { AppError, bareFileName, displayName } from '@/lib/core/errors';
import { serverConfig } from '@/lib/config';
import type { FileToolDef } from '@/lib/tools/registry';
import { assertSessionId } from './ids';
import { sessionStore, type SessionMeta, type StoredInput } from './store';
import { reserveStorage, settleSession } from './storage';
import { UploadMeter } from './upload-meter';
import { sniffFile, type OfficeSniffer } from './sniff';
import { checkLockPassword } from '@/lib/core/password-rule';
import { isOwner, ownerHash, type Owner } from './owner';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${+(bytes / MB).toFixed(1)} MB`;

/** The visitor's file name as metadata: no directories, no control characters, bounded length. */
export function safeFileName(name: string | null | undefined): string {
  const base = bareFileName(name ?? '');
  if (!base || base === '.' || base === '..') return 'file';
  if (base.length <= 150) return base;
  const ext = path.extname(base).slice(0, 10);
  return base.slice(0, 150 - ext.length) + ext;
}

function formidableError(e: unknown, tool: FileToolDef): AppError {
  const code = (e as { code?: number }).code;
  const cfg = serverConfig();
  switch (code) {
    case 1016:
      return new AppError('PAYLOAD_TOO_LARGE', `Each file can be at most ${mb(cfg.maxFileBytes)}.`);
    case 1009:
      return new AppError('PAYLOAD_TOO_LARGE', `The files together can be at most ${mb(cfg.maxJobBytes)}.`);
    case 1015:
      return tool.kind === 'merge'
        ? new AppError('PAYLOAD_TOO_LARGE', `At most ${cfg.maxFiles} files can be merged at once.`)
        : new AppError('BAD_REQUEST', 'Send exactly one file.');
    case 1006:
    case 1007:
      return new AppError('PAYLOAD_TOO_LARGE', 'The request has too many or too large form fields.');
    case 1002:
      return new AppError('BAD_REQUEST', 'The upload was interrupted.');
    default:
      return new AppError('BAD_REQUEST', 'The upload is not a valid multipart form.');
  }
}

export interface UploadResult {
  meta: SessionMeta;
}

/** @param client who is asking (lib/api/client-key.ts): the key of the client's share of the disk budget */
export async function handleUpload(
  req: Request,
  tool: FileToolDef,
  owner: Owner,
  client: string,
  officeSniffer?: OfficeSniffer,
): Promise<UploadResult> {
  const cfg = serverConfig();
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('BAD_REQUEST', 'Upload the file as multipart/form-data.');
  }
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > cfg.maxJobBytes + MB) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The files together can be at most ${mb(cfg.maxJobBytes)}.`);
  }
  if (!req.body) throw new AppError('BAD_REQUEST', 'No file was uploaded.');
  // Every byte is paid for from the disk budget as it arrives (507 when the budget or the client's share is spent).
  const reservation = await reserveStorage(client);

  // The session id travels in the form itself, so we parse into a local staging folder first and only
  // store the files in the session once the id is checked and their bytes sniffed.
  const store = sessionStore();
  const stagingRoot = await store.stagingRoot();
  const staging = await fs.mkdtemp(path.join(stagingRoot, 'up-'));
  const source = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream);
  const meter = new UploadMeter({
    reservation,
    minBytesPerSecond: cfg.minUploadBytesPerSecond,
    graceMs: cfg.uploadGraceMs,
  });
  try {
    const form = formidable({
      uploadDir: staging,
      allowEmptyFiles: true,
      minFileSize: 0,
      maxFileSize: cfg.maxFileBytes,
      maxTotalFileSize: cfg.maxJobBytes,
      maxFiles: tool.kind === 'merge' ? cfg.maxFiles : 1,
      maxFields: 8,
      maxFieldsSize: 64 * 1024,
      hashAlgorithm: false,
    });
    // formidable treats a body with neither Content-Length nor Transfer-Encoding as empty; a streamed
    // web Request may carry neither, so say it is chunked.
    const headers = Object.fromEntries(req.headers);
    if (!headers['content-length'] && !headers['transfer-encoding']) headers['transfer-encoding'] = 'chunked';
    const nodeReq = Object.assign(source.pipe(meter), { headers });
    // formidable lists files in the order their disk writes finish, so a small file can overtake a big one
    // sent before it; the order the visitor chose is the order the parts began in the stream.
    const begun: string[] = [];
    form.on('fileBegin', (_field, file) => begun.push(file.newFilename));
    let fields: formidable.Fields;
    let files: formidable.Files;
    try {
      [fields, files] = await form.parse(nodeReq as unknown as import('node:http').IncomingMessage);
    } catch (e) {
      throw meter.failure ?? formidableError(e, tool);
    }
    meter.stop();

    const sessionId = assertSessionId(fields.session_id?.[0]);
    if (tool.kind === 'lock') checkLockPassword(fields.password?.[0]);

    // Merge tools send `files` (repeated), single tools `file`; formidable keeps the order of the stream.
    const uploaded: FormidableFile[] = [...(files.files ?? []), ...(files.file ?? [])].sort(
      (a, b) => begun.indexOf(a.newFilename) - begun.indexOf(b.newFilename),
    );
    if (uploaded.length === 0) throw new AppError('BAD_REQUEST', 'No file was uploaded.');
    if (tool.kind !== 'merge' && uploaded.length > 1) throw new AppError('BAD_REQUEST', 'Send exactly one file.');

    const inputs: StoredInput[] = [];
    for (const [i, f] of uploaded.entries()) {
      const name = safeFileName(f.originalFilename);
      const kind = await sniffFile(f.filepath, officeSniffer);
      if (kind === 'empty') throw new AppError('BAD_REQUEST', `"${displayName(name)}" is empty.`);
      if (kind === 'ole' && tool.fileKinds.some((k) => k === 'docx' || k === 'pptx')) {
        throw new AppError(
          'UNPROCESSABLE',
          `"${displayName(name)}" is password-protected or in an old Office format. Save it as an unprotected ${tool.fileKinds[0] === 'docx' ? '.docx' : '.pptx'} file and try again.`,
        );
      }
      if (!(tool.fileKinds as string[]).includes(kind)) {
        const office = tool.fileKinds.find((k): k is 'docx' | 'pptx' => k === 'docx' || k === 'pptx');
        if (kind === 'zip' && office && officeSniffer) {
          throw await officeSniffer.explain(f.filepath, displayName(name), office, tool.expected);
        }
        throw new AppError('UNSUPPORTED_TYPE', `"${displayName(name)}" is not ${tool.expected}.`);
      }
      inputs.push({ file: String(i), name, size: f.size, kind: kind as StoredInput['kind'] });
    }

    // Replace the session's inputs (a retried upload must not mix with the previous one). A new session is
    // created exclusively: of two visitors racing on one id, only the first gets it.
    if (!(await store.claimSession(sessionId, owner))) {
      throw new AppError('NOT_FOUND', 'This session has expired or does not exist. Please start again.');
    }
    const previous = await store.readSession(sessionId);
    if (previous && !isOwner(previous.owner, owner)) {
      throw new AppError('NOT_FOUND', 'This session has expired or does not exist. Please start again.');
    }
    await store.replaceInputs(
      sessionId,
      inputs,
      uploaded.map((f) => f.filepath),
    );
    const meta: SessionMeta = {
      id: sessionId,
      tool: tool.api,
      createdAt: previous?.createdAt ?? Date.now(),
      owner: ownerHash(owner.token),
      inputs,
      outputs: previous?.outputs ?? [],
    };
    await store.saveSession(meta);
    const held = inputs.reduce((n, i) => n + i.size, 0) + meta.outputs.reduce((n, o) => n + o.size, 0);
    settleSession(sessionId, client, held, reservation);
    return { meta };
  } finally {
    meter.stop();
    source.destroy();
    reservation.release();
    await fs.rm(staging, { recursive: true, force: true });
  }
}
