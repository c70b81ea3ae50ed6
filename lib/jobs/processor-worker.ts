// Runs inside a worker thread: loads a tool's module once and runs its jobs, so heavy work never blocks
// the server's event loop and a job past its time limit can be stopped by terminating the thread.
import { parentPort } from 'node:worker_threads';
import { isAppError } from '@/lib/core/errors';
import { processors } from '@/lib/tools/processors';
import type { FileToolApi } from '@/lib/tools/registry';
import type { JobRequest, JobReply } from './worker-protocol';

if (!parentPort) throw new Error('processor-worker must run in a worker thread');
const port = parentPort;

port.on('message', async (req: JobRequest) => {
  let reply: JobReply;
  try {
    const load = processors[req.api as FileToolApi];
    if (!load) throw new Error(`no processor for ${req.api}`);
    const mod = await load();
    const output = await mod.process(req.inputs, req.options, { workDir: req.workDir });
    reply = { id: req.id, ok: true, output };
  } catch (e) {
    reply = isAppError(e)
      ? { id: req.id, ok: false, error: { code: e.code, message: e.message, expected: true } }
      : { id: req.id, ok: false, error: { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e), expected: false } };
  }
  port.postMessage(reply);
});
