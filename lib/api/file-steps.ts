// The four steps of a file tool's API (SPEC section 7), each called by its app/api route through the wrapper
// (handler.ts): upload, process, download and cleanup. The work itself is lib/jobs'.
import 'server-only';
import { serverConfig } from '@/lib/config';
import { AppError } from '@/lib/core/errors';
import { checkLockPassword } from '@/lib/core/password-rule';
import { handleUpload } from '@/lib/jobs/upload';
import { cleanupJob, downloadJob, processJob } from '@/lib/jobs/file-job';
import { officeSniffer } from '@/lib/jobs/office-sniffer';
import { param, type ToolCall } from './handler';
import { ownerCookie } from './owner';
import { ok, readJson } from './respond';
import { parseSettings, processBody } from './schemas';
import { fileResponse } from './file-response';

/** POST /api/X/upload/: multipart session_id plus file(s); answers the session id and the files kept. */
export async function upload({ req, tool, owner, client }: ToolCall): Promise<Response> {
  const { meta } = await handleUpload(req, tool, owner, client, officeSniffer);
  return ok(
    { session_id: meta.id, files: meta.inputs.map((i) => ({ name: i.name, size: i.size })) },
    ownerCookie(owner, req),
  );
}

/** POST /api/X/process/: runs the job in the worker pool; answers the result's file id. */
export async function processStep({ req, tool, client, owner }: ToolCall): Promise<Response> {
  const body = await readJson(req, serverConfig().maxJsonBytes);
  const { session_id, password } = processBody.parse(body);
  const checked = tool.kind === 'lock' ? checkLockPassword(password) : undefined;
  const settings = await parseSettings(tool.api, body);
  const options = { ...(checked ? { password: checked } : {}), ...(settings ? { settings } : {}) };
  const out = await processJob(tool, session_id, options, client, owner);
  return ok({ file_id: out.fileId, ...(out.notice ? { notice: out.notice } : {}) });
}

/** GET /api/X/download/{file_id}/ */
export async function download(call: ToolCall): Promise<Response> {
  const found = await downloadJob(call.tool, param(call, 'id'), call.owner);
  const body = await found.open();
  if (!body) throw new AppError('NOT_FOUND', 'This file does not exist or has already been deleted.');
  return fileResponse(body, found.output);
}

/** DELETE /api/X/cleanup/{session_id}/ */
export async function cleanup(call: ToolCall): Promise<Response> {
  return ok({ deleted: await cleanupJob(param(call, 'id'), call.owner) });
}
