// The half of a file job that runs where the pool is: the session's inputs made local, the tool run in the
// job-runner pool, the result stored. In-process for QUEUE=local, in `npm run worker` for QUEUE=redis; the
// web half (session check, budget, lease, waiting) stays in lib/jobs/file-job.ts.
import 'server-only';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/core/errors';
import { downloadName, fileToolByApi } from '@/lib/tools/registry';
import { jobPool } from '../pool';
import { reserveResult, type Reservation } from '../storage';
import { sessionStore, type StoredOutput } from '../store';
import type { FileJob, JobHooks } from './types';

const GONE = 'This session has expired or does not exist. Please upload the file again.';

export async function executeFileJob(job: FileJob, hooks: JobHooks = {}): Promise<StoredOutput> {
  const tool = fileToolByApi(job.tool);
  if (!tool) throw new Error(`unknown tool ${job.tool}`);
  // Read again here: on a worker the session may have been deleted while the job waited in the queue.
  const store = sessionStore();
  const meta = await store.readSession(job.sessionId);
  if (!meta || meta.inputs.length === 0) throw new AppError('NOT_FOUND', GONE);
  const workDir = await store.scratchDir(job.sessionId, 'job');
  try {
    // disk: the inputs in place; s3: downloaded into the work dir.
    const inputs = await store.materializeInputs(meta, workDir);
    const output = await jobPool().run({ api: tool.api, inputs, options: job.options, workDir }, job.client);
    const resolved = path.resolve(output.path);
    if (!resolved.startsWith(workDir + path.sep)) throw new Error(`${tool.api} wrote its output outside its work dir`);
    const { size } = await fsp.stat(resolved);
    // The budget is checked before the result is stored, so a refused result (507) leaves no object, no
    // index entry and no ledger entry: here on the web half's own reservation (QUEUE=local), on a worker
    // with a reservation of its own for what the web half did not reserve.
    let extra: Reservation | null = null;
    if (hooks.onOutputSize) hooks.onOutputSize(size);
    else extra = await reserveResult(job.client, size, job.paidBytes ?? 0);
    try {
      return await store.storeOutput(meta, resolved, {
        tool: tool.api,
        name: downloadName(tool, meta.inputs[0].name, output.type?.ext),
        mime: output.type?.mime ?? tool.output.mime,
        notice: output.notice,
      });
    } finally {
      extra?.release();
    }
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
