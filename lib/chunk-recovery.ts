// Recovery from failed lazy loads (a JS/CSS chunk that cannot be fetched, typically after a new deployment
// replaced the files, or a network blip). The answer is one full reload, which fetches the current HTML and
// chunks. A timestamp in sessionStorage guards it: a second failure soon after the reload does not reload again
// (no reload loop); the page then shows a message with a Reload button instead (never a blank page).
// Pure and browser-safe: components/chunk-error-recovery.tsx wires it to window events, app/error.tsx and
// app/global-error.tsx use it for errors thrown while rendering.

export const RELOAD_KEY = 'onedesk:chunk-reload-at';
/** Written only to learn whether the reload time could be recorded (plannedRecovery). */
const RELOAD_PROBE_KEY = 'onedesk:chunk-reload-probe';
/** A failure within this time after a recovery reload is not retried automatically. */
export const RELOAD_GUARD_MS = 30_000;

export const MESSAGE_PATTERNS: readonly RegExp[] = [
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

/** The decision for a chunk error, read from the reload guard without acting on it (the page's message). */
export function plannedRecovery(env: RecoveryEnv): RecoveryAction {
  const action = decideFromStorage(true, env);
  if (action !== 'reload') return action;
  // recoverFromChunkError gives up when it cannot record the reload.
  try {
    env.storage!.setItem(RELOAD_PROBE_KEY, '1');
    return 'reload';
  } catch {
    return 'give-up';
  }
}

/** Applies the decision: records the reload time first, then reloads. Returns what it did. */
export function recoverFromChunkError(chunkError: boolean, env: RecoveryEnv): RecoveryAction {
  const action = decideFromStorage(chunkError, env);
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

function decideFromStorage(chunkError: boolean, env: RecoveryEnv): RecoveryAction {
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
  return decideRecovery({ chunkError, lastReloadAt, now: env.now(), storageOk });
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

/**
 * The same logic as a classic inline script for <head>: it listens before any chunk is requested, so it also
 * catches the failures of the first load (before React hydrates; a component's effect would come too late).
 * On 'give-up' it shows a plain DOM bar with a Reload button (works even when the app's JS never ran).
 * Kept in step with the functions above by lib/chunk-recovery.test.ts, which runs it in a fake window.
 */
export function inlineRecoveryScript(): string {
  const patterns = `[${MESSAGE_PATTERNS.map((p) => `/${p.source}/${p.flags}`).join(',')}]`;
  return `(function(){
var KEY=${JSON.stringify(RELOAD_KEY)},GUARD=${RELOAD_GUARD_MS},P=${patterns},w=window,busy=false,shown=false;
function txt(s){for(var i=0;i<P.length;i++){if(P[i].test(s))return true}return false}
function isChunkErr(r){if(!r)return false;if(typeof r==="string")return txt(r);if(typeof r!=="object")return false;if(r.name==="ChunkLoadError")return true;return typeof r.message==="string"&&txt(r.message)}
function isChunkUrl(u){try{var x=new URL(u,w.location.href);return x.origin===w.location.origin&&x.pathname.indexOf("/_next/static/")>=0}catch(e){return false}}
function bar(){if(shown)return;shown=true;w.__chunkRecovery="give-up";var d=w.document;function add(){var b=d.createElement("div");b.className="chunk-error-bar";b.setAttribute("role","alert");var t=d.createElement("span");t.textContent="Part of this page could not be loaded. Check your connection and reload.";var k=d.createElement("button");k.type="button";k.className="btn btn-primary btn-small";k.textContent="Reload";k.onclick=function(){w.location.reload()};b.appendChild(t);b.appendChild(k);d.body.appendChild(b)}if(d.body)add();else d.addEventListener("DOMContentLoaded",add)}
function recover(){if(busy)return;var s,raw;try{s=w.sessionStorage;raw=s.getItem(KEY)}catch(e){return bar()}var last=raw===null?NaN:Number(raw),now=Date.now();if(isFinite(last)&&now-last<GUARD)return bar();try{s.setItem(KEY,String(now))}catch(e){return bar()}busy=true;w.__chunkRecovery="reload";w.location.reload()}
w.addEventListener("error",function(e){if(w.ErrorEvent&&e instanceof w.ErrorEvent){if(isChunkErr(e.error||e.message)){e.preventDefault();recover()}return}var t=e.target,u=null;if(t&&t.tagName==="SCRIPT")u=t.src;else if(t&&t.tagName==="LINK"&&/stylesheet/i.test(t.rel||""))u=t.href;if(u&&isChunkUrl(u))recover()},true);
w.addEventListener("unhandledrejection",function(e){if(isChunkErr(e.reason)){e.preventDefault();recover()}});
w.addEventListener("vite:preloadError",function(e){e.preventDefault();recover()});
})();`;
}
