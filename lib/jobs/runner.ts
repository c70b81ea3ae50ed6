// One job runner: a child process started from the bundled processor worker. A child process (not a
// worker thread) because only a process's whole memory can be measured and bounded: worker threads share
// the server's native heap, so a decoder's typed arrays or a canvas escape a thread's V8 heap limit.
// The pool samples the runner's resident memory (its process tree, from /proc) while a job runs and kills
// it past the cap.
import 'server-only';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import type { JobReply, JobRequest, RunnerMessage } from './worker-protocol';

const KB = 1024;

/** Resident bytes of one process (VmRSS), or null when /proc is not there (not Linux) or it has gone. */
async function processRss(pid: number): Promise<number | null> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) * KB : null;
  } catch {
    return null;
  }
}

/** Direct children of a process (all its threads' children), from /proc; empty where unsupported. */
async function childPids(pid: number): Promise<number[]> {
  const tasks = await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const all: number[] = [];
  for (const t of tasks) {
    const text = await fs.readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '');
    for (const s of text.split(/\s+/)) if (s) all.push(Number(s));
  }
  return all;
}

/** A process's descendants (a tool may run a helper binary), a few levels deep. */
async function descendants(pid: number, depth = 0): Promise<number[]> {
  if (depth > 3) return [];
  const out: number[] = [];
  for (const c of await childPids(pid)) out.push(c, ...(await descendants(c, depth + 1)));
  return out;
}

/** Resident bytes of a process and everything it started, or null when /proc cannot tell. */
export async function treeRss(pid: number): Promise<number | null> {
  const own = await processRss(pid);
  if (own === null) return null;
  let total = own;
  for (const c of await descendants(pid)) total += (await processRss(c)) ?? 0;
  return total;
}

export interface RunnerEvents {
  onReply: (reply: JobReply) => void;
  onExit: (code: number | null, signal: NodeJS.Signals | null) => void;
}

export class Runner {
  readonly child: ChildProcess;
  /** Last memory the child reported itself (used where /proc cannot be read). */
  private reported: number | null = null;
  private alive = true;
  /** Descendant pids, re-read twice a second (listing them costs a read per thread). */
  private kids: number[] = [];
  private kidsAt = 0;

  constructor(workerPath: string, memoryMb: number, events: RunnerEvents) {
    this.child = fork(workerPath, [], {
      // The V8 heap alone may not pass the cap either; native memory is watched by sampling.
      execArgv: [`--max-old-space-size=${Math.max(64, memoryMb)}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // glibc gives each new thread (a job's pdf.js and tesseract threads) malloc arenas of its own and keeps
      // what they freed: a runner grew ~30-50 MB per scan converted (305 -> 578 MB in 8). Two arenas bound
      // it (~320 MB after 12) at no measurable cost in speed.
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    });
    this.child.on('message', (m: RunnerMessage) => {
      if (m && typeof m === 'object' && 'rss' in m && typeof m.rss === 'number') this.reported = m.rss;
      else events.onReply(m as JobReply);
    });
    this.child.on('error', () => undefined); // 'exit' follows and reports it
    this.child.on('exit', (code, signal) => {
      this.alive = false;
      events.onExit(code, signal);
    });
    this.idle();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(req: JobRequest): void {
    this.busy();
    this.child.send(req);
  }

  /** The runner's resident memory now (process tree), in bytes. */
  async rss(): Promise<number | null> {
    const pid = this.child.pid;
    if (!this.alive || pid === undefined) return null;
    const own = await processRss(pid);
    if (own === null) return this.reported;
    if (Date.now() - this.kidsAt > 500) {
      this.kids = await descendants(pid);
      this.kidsAt = Date.now();
    }
    let total = own;
    for (const k of this.kids) total += (await processRss(k)) ?? 0;
    return total;
  }

  /** While a job runs the runner keeps the server process alive; an idle one does not. */
  busy(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  idle(): void {
    this.child.unref();
    this.child.channel?.unref();
  }

  kill(): Promise<void> {
    if (!this.alive) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.alive = false;
      this.child.kill('SIGKILL');
    });
  }
}
