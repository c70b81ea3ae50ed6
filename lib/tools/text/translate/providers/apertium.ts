// Apertium, a local rule-based engine (Debian packages `apertium` + language pairs): no network, modest
// quality. Pairs come from `apertium -l` (modes named 'eng-spa' or 'es-pt'); a pair without a direct mode
// pivots through Spanish when both legs exist (en → pt = eng-spa | es-pt).
import 'server-only';
import { execFile, spawn } from 'node:child_process';
import os from 'node:os';
import type { LanguageCode } from '../languages';
import { ProviderError, type TranslationProvider } from './types';

const LABEL = 'Apertium';

const CODES: Record<string, LanguageCode> = {
  en: 'en',
  eng: 'en',
  es: 'es',
  spa: 'es',
  pt: 'pt',
  por: 'pt',
  it: 'it',
  ita: 'it',
  fr: 'fr',
  fra: 'fr',
  de: 'de',
  deu: 'de',
  ko: 'ko',
  kor: 'ko',
  ja: 'ja',
  jpn: 'ja',
  vi: 'vi',
  vie: 'vi',
};

/** 'from>to' → mode name, from `apertium -l` output (variants such as 'es-pt_BR' are left out). */
export function parseModes(listing: string): Map<string, string> {
  const modes = new Map<string, string>();
  for (const line of listing.split('\n')) {
    const m = /^\s*([a-z]{2,3})-([a-z]{2,3})\s*$/.exec(line);
    if (!m) continue;
    const from = CODES[m[1]];
    const to = CODES[m[2]];
    if (from && to && !modes.has(`${from}>${to}`)) modes.set(`${from}>${to}`, `${m[1]}-${m[2]}`);
  }
  return modes;
}

/** The modes to run in order for a pair: direct, or through Spanish; null when impossible. */
export function route(modes: Map<string, string>, from: LanguageCode, to: LanguageCode): string[] | null {
  const direct = modes.get(`${from}>${to}`);
  if (direct) return [direct];
  const a = modes.get(`${from}>es`);
  const b = modes.get(`es>${to}`);
  return a && b ? [a, b] : null;
}

// At most one pipeline per core (issue 13): ten concurrent requests once started 130 processes. Others wait
// in order; the wait counts against the request's time-out (the same signal), so a queued request times out
// instead of piling up.
const slots = { free: Math.max(1, os.availableParallelism?.() ?? os.cpus().length), waiting: [] as (() => void)[] };

/** Resolves when a slot is taken; rejects with a time-out if the signal fires first. */
export function acquireSlot(signal: AbortSignal): Promise<() => void> {
  const release = () => {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free++;
  };
  if (signal.aborted) return Promise.reject(new ProviderError(LABEL, 'timeout', ''));
  if (slots.free > 0) {
    slots.free--;
    return Promise.resolve(release);
  }
  return new Promise((resolve, reject) => {
    const grant = () => {
      signal.removeEventListener('abort', abandon);
      resolve(release);
    };
    const abandon = () => {
      const i = slots.waiting.indexOf(grant);
      if (i >= 0) slots.waiting.splice(i, 1);
      reject(new ProviderError(LABEL, 'timeout', ''));
    };
    slots.waiting.push(grant);
    signal.addEventListener('abort', abandon, { once: true });
  });
}

/** Slots free right now and requests waiting (for tests). */
export const slotState = () => ({ free: slots.free, waiting: slots.waiting.length });

async function run(bin: string, mode: string, text: string, signal: AbortSignal): Promise<string> {
  const release = await acquireSlot(signal);
  try {
    return await runNow(bin, mode, text, signal);
  } finally {
    release();
  }
}

function runNow(bin: string, mode: string, text: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    // The apertium wrapper reads /dev/stdin, which cannot be opened on the socket Node gives a child as
    // stdin: `cat` hands it a real pipe. Own process group, so a time-out kills the whole pipeline.
    const child = spawn(/*turbopackIgnore: true*/ 'sh', ['-c', 'cat | "$0" -u "$1"', bin, mode], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const out: Buffer[] = [];
    let err = '';
    let timedOut = false;
    const kill = () => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    if (signal.aborted) kill();
    signal.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString().slice(0, 500);
    });
    child.on('error', (e) => {
      signal.removeEventListener('abort', kill);
      reject(new ProviderError(LABEL, 'unreachable', e.message));
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (timedOut) reject(new ProviderError(LABEL, 'timeout', ''));
      else if (code === 0 && (out.length > 0 || !err.trim())) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new ProviderError(LABEL, 'server', err.trim().split('\n')[0] || `exit code ${code}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}

export function apertium(opts: { bin?: string } = {}): TranslationProvider {
  const bin = opts.bin ?? 'apertium';
  let modes: Promise<Map<string, string>> | null = null;
  const list = () => {
    modes ??= new Promise((resolve) => {
      execFile(/*turbopackIgnore: true*/ bin, ['-l'], { timeout: 10_000 }, (e, stdout) =>
        resolve(e ? new Map() : parseModes(stdout)),
      );
    });
    return modes;
  };
  return {
    id: 'apertium',
    label: LABEL,
    maxChars: 5000,
    async supports(from, to) {
      return route(await list(), from, to) !== null;
    },
    async translate(text, from, to, signal) {
      const steps = route(await list(), from, to);
      if (!steps) throw new ProviderError(LABEL, 'rejected', `no ${from}-${to} pair installed`);
      let out = text;
      for (const mode of steps) out = (await run(bin, mode, out, signal)).replace(/\n$/, '');
      return out;
    },
  };
}

/** The available modes (empty when apertium is not installed). */
export function apertiumAvailable(bin = 'apertium'): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(/*turbopackIgnore: true*/ bin, ['-l'], { timeout: 10_000 }, (e, stdout) =>
      resolve(!e && parseModes(stdout).size > 0),
    );
  });
}
