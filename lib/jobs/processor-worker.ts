// Runs inside a job runner (a child process of the server, lib/jobs/runner.ts): loads a tool's module once
// and runs its jobs, so heavy work never blocks the server's event loop, and a job past its time limit or
// memory cap can be stopped by killing the process, native memory and all.
import { serverConfig } from '@/lib/config';
import { isAppError } from '@/lib/core/errors';
import { checkJobCost } from '@/lib/tools/cost';
import { processors } from '@/lib/tools/processors';
import type { FileToolApi } from '@/lib/tools/registry';
import type { JobRequest, RunnerMessage } from './worker-protocol';

if (!process.send) throw new Error('processor-worker must run as a child process with an IPC channel');
const send = (m: RunnerMessage) => process.send!(m);

// The server reads memory from /proc; elsewhere (macOS) the runner reports it.
if (process.platform !== 'linux') setInterval(() => send({ rss: process.memoryUsage.rss() }), 100).unref();
// The server went away (or dropped this runner): nothing is left to do.
process.on('disconnect', () => process.exit(0));

process.on('message', async (req: JobRequest) => {
  let reply: RunnerMessage;
  try {
    const load = processors[req.api as FileToolApi];
    if (!load) throw new Error(`no processor for ${req.api}`);
    // A job predicted to need far more than the time limit is refused now (422), not timed out later.
    await checkJobCost(req.api, req.inputs, req.options, serverConfig().jobTimeoutMs);
    const mod = await load();
    const output = await mod.run(req.inputs, req.options, { workDir: req.workDir });
    reply = { id: req.id, ok: true, output };
  } catch (e) {
    reply = isAppError(e)
      ? { id: req.id, ok: false, error: { code: e.code, message: e.message, expected: true } }
      : {
          id: req.id,
          ok: false,
          error: { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e), expected: false },
        };
  }
  send(reply);
});
