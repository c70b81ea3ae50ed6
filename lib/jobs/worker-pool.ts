// A bounded pool of job runners (child processes, lib/jobs/runner.ts) that run tool modules. Jobs wait in a
// capped queue and are taken fairly: while someone else waits, a client gets at most one running job (a
// second one is stopped and put back in line when a newcomer would otherwise wait). A job past its time
// limit, or whose runner's resident memory passes the cap, is stopped by killing the runner; a runner
// left large by its job is replaced, so the server returns to its idle footprint. A runner that holds a
// model (a per-tool recycle size) is kept warm for its next job, and replaced once it has been idle a while.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, displayName } from '@/lib/core/errors';
import type { JobOutput } from '@/lib/tools/types';
import { Runner } from './runner';
import type { JobReply, JobRequest } from './worker-protocol';
import { serverConfig } from '@/lib/config';

const MB = 1024 * 1024;

export interface PoolOptions {
  size: number;
  queueMax: number;
  timeoutMs: number;
  /** A runner's whole resident memory (its process tree) may not pass this: the job is stopped with 422. */
  memoryMb: number;
  /** A larger cap for a tool that legitimately needs it (the background-removal model). */
  perToolMemoryMb?: Record<string, number>;
  maxJobsPerClient: number;
  /** At most this many jobs of one tool at once (e.g. a model that already uses every core). */
  perToolLimit?: Record<string, number>;
  /** A runner is replaced after this many jobs (libraries' caches only grow); 0: never. */
  maxJobsPerWorker?: number;
  /** A runner still this large after its job is replaced (0: never), so memory goes back to idle. */
  recycleMb?: number;
  /** A higher recycle size for a runner that has this tool loaded (a model it legitimately keeps warm). */
  perToolRecycleMb?: Record<string, number>;
  /** A runner kept above `recycleMb` by a per-tool size is replaced after this long idle (0: never). */
  warmIdleMs?: number;
  /** How often a busy runner's memory is read. */
  sampleMs?: number;
  /** How often one job may be put back in line for other clients before it keeps its runner. */
  maxPreemptions?: number;
  workerPath?: string;
}

interface Pending {
  req: JobRequest;
  client: string;
  timeoutMs: number;
  preempted: number;
  resolve: (out: JobOutput) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  runner: Runner;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
  sampler: NodeJS.Timeout | null;
  /** Set while an idle runner is kept above the recycle size: it is replaced when this fires. */
  idleTimer: NodeJS.Timeout | null;
  startedAt: number;
  /** Tools this runner has loaded: a job goes back to a runner that has its module (and model) warm. */
  warm: Set<string>;
  jobs: number;
  /** Highest resident memory seen while its current job ran. */
  peak: number;
}

export function memoryError(req: Pick<JobRequest, 'inputs'>): AppError {
  const what =
    req.inputs.length === 1
      ? `"${displayName(req.inputs[0].name)}" needs`
      : req.inputs.length > 1
        ? 'These files need'
        : 'This job needs';
  return new AppError(
    'UNPROCESSABLE',
    `${what} more memory than this server allows for one job. Please try a smaller or simpler file.`,
  );
}

/** Empties a job's scratch dir (only one the session store made: `tmp-job-*`). */
async function emptyDir(dir: string): Promise<void> {
  if (!path.basename(dir).startsWith('tmp-job-')) return;
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(entries.map((e) => fs.rm(path.join(dir, e), { recursive: true, force: true })));
}

export class WorkerPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private perClient = new Map<string, number>();
  /** When each client's latest job started (forgotten when the client has nothing left in the pool). */
  private served = new Map<string, number>();
  private nextId = 1;
  private nextStart = 1;
  private closed = false;
  /** Peak resident memory seen per tool (bytes), for operators and tests. */
  readonly peaks = new Map<string, number>();

  constructor(private readonly opts: PoolOptions) {}

  get workerPath(): string {
    return (
      this.opts.workerPath ??
      serverConfig().jobWorkerPath ??
      path.join(process.cwd(), '.workers', 'processor-worker.mjs')
    );
  }

  stats() {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      pids: this.slots.map((s) => s.runner.pid).filter((p): p is number => p !== undefined),
    };
  }

  /** @param timeoutMs this job's time limit (default: the pool's), counted from when a runner takes it */
  run(req: Omit<JobRequest, 'id'>, client = 'anonymous', timeoutMs = this.opts.timeoutMs): Promise<JobOutput> {
    if (this.closed)
      return Promise.reject(new AppError('UNAVAILABLE', 'The server is shutting down. Please try again.'));
    const mine = this.perClient.get(client) ?? 0;
    if (this.opts.maxJobsPerClient > 0 && mine >= this.opts.maxJobsPerClient) {
      return Promise.reject(
        new AppError('RATE_LIMITED', 'You already have files being processed. Please wait for them to finish.', {
          retryAfterSeconds: 10,
        }),
      );
    }
    if (this.queue.length >= this.opts.queueMax) {
      return Promise.reject(
        new AppError('UNAVAILABLE', 'The server is busy right now. Please try again in a minute.', {
          retryAfterSeconds: 30,
        }),
      );
    }
    this.perClient.set(client, mine + 1);
    return new Promise<JobOutput>((resolve, reject) => {
      this.queue.push({ req: { ...req, id: this.nextId++ }, client, timeoutMs, preempted: 0, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) this.settle(p, new AppError('UNAVAILABLE', 'The server is shutting down.'));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      this.stopTimers(s);
      this.stopIdleTimer(s);
      const job = s.job;
      s.job = null;
      if (job) this.settle(job, new AppError('UNAVAILABLE', 'The server is shutting down.'));
    }
    await Promise.all(slots.map((s) => s.runner.kill()));
  }

  private running(client: string): number {
    return this.slots.filter((s) => s.job?.client === client).length;
  }

  private toolBlocked(job: Pending): boolean {
    const limit = this.opts.perToolLimit?.[job.req.api];
    return limit !== undefined && this.slots.filter((s) => s.job?.req.api === job.req.api).length >= limit;
  }

  /** The next job to start: of clients that run nothing yet, the one served longest ago (round robin);
   * a client's second job only if nobody else who could start is waiting. */
  private pick(): number {
    let first = -1;
    let second = -1;
    for (let i = 0; i < this.queue.length; i++) {
      const job = this.queue[i];
      if (this.toolBlocked(job)) continue; // this tool is at its limit: let later jobs of other tools pass
      if (this.running(job.client) > 0) {
        if (second < 0) second = i;
      } else if (first < 0 || this.lastStart(job.client) < this.lastStart(this.queue[first].client)) {
        first = i;
      }
    }
    return first >= 0 ? first : second;
  }

  private lastStart(client: string): number {
    return this.served.get(client) ?? 0;
  }

  private pump(): void {
    if (this.closed) return;
    for (;;) {
      const i = this.pick();
      if (i < 0) return;
      const job = this.queue[i];
      const idle = this.slots.filter((s) => !s.job);
      if (idle.length === 0 && this.slots.length >= this.opts.size) {
        if (this.running(job.client) === 0 && this.preemptFor()) continue;
        return;
      }
      // A runner that keeps another tool's model resident (up to that tool's recycle size) has that much
      // less of the memory cap left for this job: a light job there could be refused (422) only because of
      // which runner happened to be idle. It goes to another runner, or that one is replaced by a fresh one.
      const usable = idle.filter((s) => !this.holdsOtherModel(s, job.req.api));
      let slot =
        usable.find((s) => s.warm.has(job.req.api)) ??
        (this.slots.length < this.opts.size ? this.spawn() : (usable.find((s) => s.warm.size === 0) ?? usable[0]));
      if (!slot) {
        this.retire(idle[0], false);
        slot = this.spawn();
      }
      this.queue.splice(i, 1);
      this.start(slot, job);
    }
  }

  /** A newcomer waits while some client runs two or more jobs: that client's latest job goes back to the
   * front of the line (it restarts later, with its full time limit). */
  private preemptFor(): boolean {
    const max = this.opts.maxPreemptions ?? 2;
    const victims = this.slots
      .filter((s) => s.job && s.job.preempted < max && this.running(s.job.client) > 1)
      .sort((a, b) => b.startedAt - a.startedAt);
    const slot = victims[0];
    if (!slot?.job) return false;
    const job = slot.job;
    job.preempted += 1;
    this.retire(slot, false);
    this.queue.unshift(job);
    return true;
  }

  private spawn(): Slot {
    const slot = {} as Slot;
    const runner = new Runner(this.workerPath, this.opts.memoryMb, {
      onReply: (reply) => this.onReply(slot, reply),
      onExit: (code, signal) => this.onCrash(slot, code, signal),
    });
    Object.assign(slot, {
      runner,
      job: null,
      timer: null,
      sampler: null,
      idleTimer: null,
      startedAt: 0,
      warm: new Set(),
      jobs: 0,
      peak: 0,
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Pending): void {
    this.stopIdleTimer(slot);
    slot.job = job;
    slot.jobs += 1;
    slot.startedAt = Date.now();
    this.served.set(job.client, this.nextStart++);
    slot.peak = 0;
    slot.warm.add(job.req.api);
    slot.timer = setTimeout(() => {
      this.retire(slot);
      this.settle(job, new AppError('TIMEOUT', 'Processing took too long and was stopped. Please try a smaller file.'));
    }, job.timeoutMs);
    this.sample(slot, job);
    if (job.preempted > 0) {
      // A stopped attempt may have left partial files: the restart begins with an empty work dir.
      void emptyDir(job.req.workDir).then(() => {
        if (slot.job === job) slot.runner.send(job.req);
      });
    } else {
      slot.runner.send(job.req);
    }
  }

  /** Reads the runner's memory while its job runs; past the cap the runner is killed and the job refused. */
  private sample(slot: Slot, job: Pending): void {
    const cap = (this.opts.perToolMemoryMb?.[job.req.api] ?? this.opts.memoryMb) * MB;
    const tick = async () => {
      slot.sampler = null;
      const rss = await slot.runner.rss();
      if (slot.job !== job) return;
      if (rss !== null) {
        slot.peak = Math.max(slot.peak, rss);
        if (rss > cap) {
          this.notePeak(job.req.api, rss);
          this.retire(slot);
          this.settle(job, memoryError(job.req));
          return;
        }
      }
      slot.sampler = setTimeout(() => void tick(), this.opts.sampleMs ?? 50);
    };
    void tick();
  }

  private notePeak(api: string, bytes: number): void {
    this.peaks.set(api, Math.max(this.peaks.get(api) ?? 0, bytes));
  }

  private onReply(slot: Slot, reply: JobReply): void {
    const job = slot.job;
    if (!job || job.req.id !== reply.id) return;
    void this.finish(slot, job);
    if (reply.ok) this.settle(job, null, reply.output);
    else if (reply.error.expected) this.settle(job, new AppError(reply.error.code, reply.error.message));
    else this.settle(job, new Error(reply.error.message));
  }

  private onCrash(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    const job = slot.job;
    this.retire(slot);
    if (!job) return;
    // V8 aborts the process when its heap limit is reached.
    const oom = signal === 'SIGABRT' || code === 134 || signal === 'SIGKILL';
    this.settle(job, oom ? memoryError(job.req) : new Error(`job runner stopped: ${signal ?? code}`));
  }

  private async finish(slot: Slot, job: Pending): Promise<void> {
    this.stopTimers(slot);
    slot.job = null;
    const max = this.opts.maxJobsPerWorker ?? 0;
    if (max > 0 && slot.jobs >= max) {
      this.retire(slot);
      return;
    }
    // Memory a job used is often kept by the allocator: a runner that stays large is replaced. One that
    // holds a model (per-tool size) may stay larger, but only while it keeps getting work.
    const recycle = (this.opts.recycleMb ?? 0) * MB;
    const keep = Math.max(recycle, this.toolRecycleMb(slot) * MB);
    const rss = recycle > 0 ? await slot.runner.rss() : null;
    this.notePeak(job.req.api, Math.max(slot.peak, rss ?? 0));
    if (rss !== null && recycle > 0 && rss > keep && !slot.job) {
      this.retire(slot);
      return;
    }
    if (!slot.job) {
      slot.runner.idle();
      const idleMs = this.opts.warmIdleMs ?? 0;
      // A runner that holds a model goes when idle even under the general size (it is no idle runner).
      if (idleMs > 0 && ((rss !== null && rss > recycle) || this.toolRecycleMb(slot) > 0)) {
        this.stopIdleTimer(slot);
        slot.idleTimer = setTimeout(() => {
          slot.idleTimer = null;
          if (!slot.job) this.retire(slot);
        }, idleMs);
        slot.idleTimer.unref();
      }
    }
    this.pump();
  }

  /** Whether the runner has loaded a tool other than `api` that is allowed to stay resident (a model). */
  private holdsOtherModel(slot: Slot, api: string): boolean {
    for (const a of slot.warm) if (a !== api && (this.opts.perToolRecycleMb?.[a] ?? 0) > 0) return true;
    return false;
  }

  /** The largest per-tool recycle size among the tools this runner has loaded (0: none). */
  private toolRecycleMb(slot: Slot): number {
    let mb = 0;
    for (const api of slot.warm) mb = Math.max(mb, this.opts.perToolRecycleMb?.[api] ?? 0);
    return mb;
  }

  private stopIdleTimer(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
  }

  private stopTimers(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.sampler) clearTimeout(slot.sampler);
    slot.timer = null;
    slot.sampler = null;
  }

  /** Drops a runner (timed out, too large or crashed); its replacement is spawned on demand. */
  private retire(slot: Slot, pump = true): void {
    this.stopTimers(slot);
    this.stopIdleTimer(slot);
    slot.job = null;
    const i = this.slots.indexOf(slot);
    if (i !== -1) this.slots.splice(i, 1);
    void slot.runner.kill();
    if (pump) this.pump();
  }

  private settle(job: Pending, err: unknown, out?: JobOutput): void {
    const n = (this.perClient.get(job.client) ?? 1) - 1;
    if (n <= 0) {
      this.perClient.delete(job.client);
      this.served.delete(job.client);
    } else this.perClient.set(job.client, n);
    if (err) job.reject(err);
    else job.resolve(out!);
  }
}
