// Recovery from failed lazy loads (a JS/CSS chunk that cannot be fetched, typically after a new deployment
// replaced the files, or a network blip). The answer is one full reload, which fetches the current HTML and
// chunks. A timestamp in sessionStorage guards it: a second failure soon after the reload does not reload again
// (no reload loop); the page then shows a message with a Reload button instead (never a blank page).
// Pure and browser-safe: components/chunk-error-recovery.tsx wires it to window events, app/error.tsx and
// app/global-error.tsx use it for errors thrown while rendering.

export const RELOAD_KEY = 'onedesk:chunk-reload-at';
/** A failure within this time after a recovery reload is not retried automatically. */
export const RELOAD_GUARD_MS = 30_000;

const MESSAGE_PATTERNS = [
  /Loading chunk [\w./-]+ failed/i, // webpack / Turbopack JS chunk
  /Loading CSS chunk [\w./-]+ failed/i,
  /Failed to load chunk/i, // Turbopack runtime
  /Failed to fetch dynamically imported module/i, // Chromium dynamic import()
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite-style preload helpers
];

/** Is this thrown value (an Error, a rejection reason, an ErrorEvent's error) a failed chunk load? */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  if (typeof reason === 'string') return MESSAGE_PATTERNS.some((p) => p.test(reason));
  if (typeof reason !== 'object') return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && MESSAGE_PATTERNS.some((p) => p.test(message));
}

/** A <script> or stylesheet <link> of the app's own static chunks (resource load errors carry no Error). */
export function isChunkResource(url: string | null | undefined, origin: string): boolean {
  if (!url) return false;
  try {
    const u = new URL(url, origin);
    return u.origin === origin && u.pathname.includes('/_next/static/');
  } catch {
    return false;
  }
}

export type RecoveryAction =
  /** not a chunk failure: leave it to the normal error handling */
  | 'none'
  /** reload the page once */
  | 'reload'
  /** already reloaded for this a moment ago: show the message with a manual Reload button */
  | 'give-up';

/**
 * The decision. `lastReloadAt` is the time of the previous recovery reload (null if none, or unknown because
 * storage is unavailable: then `storageOk` is false and we never reload automatically, to rule out a loop).
 */
export function decideRecovery(input: {
  chunkError: boolean;
  lastReloadAt: number | null;
  now: number;
  storageOk: boolean;
}): RecoveryAction {
  if (!input.chunkError) return 'none';
  if (!input.storageOk) return 'give-up';
  const { lastReloadAt, now } = input;
  // A timestamp in the future (clock changed) counts as recent.
  if (lastReloadAt !== null && now - lastReloadAt < RELOAD_GUARD_MS) return 'give-up';
  return 'reload';
}

export interface RecoveryEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

/** Applies the decision: records the reload time first, then reloads. Returns what it did. */
export function recoverFromChunkError(chunkError: boolean, env: RecoveryEnv): RecoveryAction {
  let lastReloadAt: number | null = null;
  let storageOk = env.storage !== null;
  if (env.storage) {
    try {
      const raw = env.storage.getItem(RELOAD_KEY);
      const n = raw === null ? NaN : Number(raw);
      lastReloadAt = Number.isFinite(n) ? n : null;
    } catch {
      storageOk = false;
    }
  }
  const action = decideRecovery({ chunkError, lastReloadAt, now: env.now(), storageOk });
  if (action === 'reload') {
    try {
      env.storage!.setItem(RELOAD_KEY, String(env.now()));
    } catch {
      return 'give-up'; // cannot record it, so cannot guard against a loop
    }
    env.reload();
  }
  return action;
}

/** The browser's environment (sessionStorage may throw when storage is disabled). */
export function browserRecoveryEnv(): RecoveryEnv {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { storage, now: () => Date.now(), reload: () => window.location.reload() };
}
