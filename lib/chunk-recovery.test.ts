import {
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  decideRecovery,
  isChunkLoadError,
  isChunkResource,
  inlineRecoveryScript,
  plannedRecovery,
  recoverFromChunkError,
  type RecoveryEnv,
} from './chunk-recovery';

describe('isChunkLoadError', () => {
  it.each([
    Object.assign(new Error('Loading chunk 123 failed.\n(error: http://x/_next/static/chunks/123.js)'), {
      name: 'ChunkLoadError',
    }),
    new Error('Loading chunk app/privacy-policy/page failed.'),
    new Error('Loading CSS chunk 7 failed. (/_next/static/css/7.css)'),
    new Error('Failed to load chunk /_next/static/chunks/abc.js from module 123'),
    new TypeError('Failed to fetch dynamically imported module: http://x/_next/static/chunks/a.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    'Loading chunk 5 failed.',
  ])('recognises %p', (err) => {
    expect(isChunkLoadError(err)).toBe(true);
  });

  it.each([
    null,
    undefined,
    42,
    new Error('Cannot read properties of undefined'),
    new TypeError('Failed to fetch'),
    { message: 7 },
  ])('ignores %p', (err) => {
    expect(isChunkLoadError(err)).toBe(false);
  });
});

describe('isChunkResource', () => {
  const origin = 'https://desk.example.com';
  it('matches the app’s own static chunks only', () => {
    expect(isChunkResource('/_next/static/chunks/a.js', origin)).toBe(true);
    expect(isChunkResource('https://desk.example.com/_next/static/css/b.css', origin)).toBe(true);
    expect(isChunkResource('https://ads.example.net/_next/static/x.js', origin)).toBe(false);
    expect(isChunkResource('https://ads.example.net/kas/static/ba.min.js', origin)).toBe(false);
    expect(isChunkResource(null, origin)).toBe(false);
  });
});

describe('decideRecovery', () => {
  const now = 1_000_000_000;
  it('leaves other errors alone', () => {
    expect(decideRecovery({ chunkError: false, lastReloadAt: null, now, storageOk: true })).toBe('none');
  });
  it('reloads on the first chunk failure', () => {
    expect(decideRecovery({ chunkError: true, lastReloadAt: null, now, storageOk: true })).toBe('reload');
  });
  it('does not reload again right after a recovery reload', () => {
    expect(decideRecovery({ chunkError: true, lastReloadAt: now - 1000, now, storageOk: true })).toBe('give-up');
    expect(decideRecovery({ chunkError: true, lastReloadAt: now + 5000, now, storageOk: true })).toBe('give-up');
  });
  it('reloads again for a new failure long after the last one (e.g. the next deployment)', () => {
    expect(decideRecovery({ chunkError: true, lastReloadAt: now - RELOAD_GUARD_MS, now, storageOk: true })).toBe(
      'reload',
    );
  });
  it('never reloads when it cannot remember having reloaded', () => {
    expect(decideRecovery({ chunkError: true, lastReloadAt: null, now, storageOk: false })).toBe('give-up');
  });
});

describe('recoverFromChunkError', () => {
  function fakeEnv(start: number, storage: Map<string, string> | 'broken' | null = new Map()) {
    let clock = start;
    const reloads: number[] = [];
    const env: RecoveryEnv = {
      storage:
        storage === null
          ? null
          : storage === 'broken'
            ? {
                getItem: () => {
                  throw new Error('SecurityError');
                },
                setItem: () => {
                  throw new Error('SecurityError');
                },
              }
            : { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
      now: () => clock,
      reload: () => reloads.push(clock),
    };
    return { env, reloads, advance: (ms: number) => (clock += ms) };
  }

  it('reloads exactly once for repeated failures (no reload loop), then again after the guard time', () => {
    const store = new Map<string, string>();
    const { env, reloads, advance } = fakeEnv(5_000_000, store);
    expect(recoverFromChunkError(true, env)).toBe('reload');
    expect(store.get(RELOAD_KEY)).toBe('5000000');
    // The reloaded page fails again at once, and again: no more reloads.
    advance(2_000);
    expect(recoverFromChunkError(true, env)).toBe('give-up');
    advance(2_000);
    expect(recoverFromChunkError(true, env)).toBe('give-up');
    expect(reloads).toEqual([5_000_000]);
    advance(RELOAD_GUARD_MS);
    expect(recoverFromChunkError(true, env)).toBe('reload');
    expect(reloads).toHaveLength(2);
  });

  it('does nothing for other errors', () => {
    const { env, reloads } = fakeEnv(1);
    expect(recoverFromChunkError(false, env)).toBe('none');
    expect(reloads).toEqual([]);
  });

  it('never reloads without working storage', () => {
    for (const storage of [null, 'broken'] as const) {
      const { env, reloads } = fakeEnv(1, storage);
      expect(recoverFromChunkError(true, env)).toBe('give-up');
      expect(reloads).toEqual([]);
    }
  });

  it('plans what it will do without acting (the page says Reloading only when it will reload)', () => {
    const store = new Map<string, string>();
    const { env, reloads, advance } = fakeEnv(5_000_000, store);
    expect(plannedRecovery(env)).toBe('reload');
    expect(reloads).toEqual([]);
    expect(store.get(RELOAD_KEY)).toBeUndefined();
    expect(recoverFromChunkError(true, env)).toBe('reload');
    advance(2_000);
    expect(plannedRecovery(env)).toBe('give-up');
    const readOnly = fakeEnv(1, new Map());
    readOnly.env.storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(plannedRecovery(readOnly.env)).toBe('give-up');
    expect(recoverFromChunkError(true, readOnly.env)).toBe('give-up');
  });

  it('ignores a garbled stored value', () => {
    const store = new Map([[RELOAD_KEY, 'garbage']]);
    const { env, reloads } = fakeEnv(10, store);
    expect(recoverFromChunkError(true, env)).toBe('reload');
    expect(reloads).toEqual([10]);
  });
});

// The inline <head> script must reach the same decisions as the functions above.
describe('inlineRecoveryScript', () => {
  type Listener = (e: unknown) => void;
  class FakeErrorEvent {
    defaultPrevented = false;
    constructor(
      public error: unknown,
      public message = '',
    ) {}
    preventDefault() {
      this.defaultPrevented = true;
    }
  }

  function fakeWindow(store: Map<string, string> | 'broken', now: { t: number }) {
    const listeners: Record<string, Listener[]> = {};
    const body = {
      children: [] as Array<{ className: string; children: unknown[] }>,
      appendChild(el: never) {
        this.children.push(el);
      },
    };
    const win = {
      reloads: 0,
      __chunkRecovery: undefined as string | undefined,
      ErrorEvent: FakeErrorEvent,
      location: {
        href: 'https://desk.example.com/pdf-merge',
        origin: 'https://desk.example.com',
        reload() {
          win.reloads++;
        },
      },
      sessionStorage:
        store === 'broken'
          ? {
              getItem: () => {
                throw new Error('denied');
              },
              setItem: () => {
                throw new Error('denied');
              },
            }
          : { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      document: {
        body,
        createElement: () => ({
          className: '',
          children: [] as unknown[],
          setAttribute() {},
          appendChild(c: unknown) {
            this.children.push(c);
          },
        }),
        addEventListener() {},
      },
      addEventListener: (type: string, fn: Listener) => (listeners[type] ??= []).push(fn),
      dispatch: (type: string, event: unknown) => (listeners[type] ?? []).forEach((fn) => fn(event)),
    };
    const script = new Function('window', 'Date', 'URL', inlineRecoveryScript());
    script(win, { now: () => now.t }, URL);
    return win;
  }

  it('reloads once on a failed chunk script, then shows the Reload bar instead of looping', () => {
    const store = new Map<string, string>();
    const clock = { t: 2_000_000 };
    const first = fakeWindow(store, clock);
    first.dispatch('error', {
      target: { tagName: 'SCRIPT', src: 'https://desk.example.com/_next/static/chunks/app.js' },
    });
    first.dispatch('error', {
      target: { tagName: 'SCRIPT', src: 'https://desk.example.com/_next/static/chunks/b.js' },
    });
    expect(first.reloads).toBe(1);
    expect(store.get(RELOAD_KEY)).toBe('2000000');
    // The reloaded page fails again: no second reload, a visible bar.
    clock.t += 3000;
    const second = fakeWindow(store, clock);
    const event = new FakeErrorEvent(Object.assign(new Error('Loading chunk 9 failed.'), { name: 'ChunkLoadError' }));
    second.dispatch('error', event);
    expect(second.reloads).toBe(0);
    expect(event.defaultPrevented).toBe(true);
    expect(second.__chunkRecovery).toBe('give-up');
    expect(second.document.body.children).toHaveLength(1);
    expect(second.document.body.children[0].className).toBe('chunk-error-bar');
  });

  it('handles rejected dynamic imports and vite:preloadError, ignores other errors and foreign scripts', () => {
    const clock = { t: 10_000_000 };
    const win = fakeWindow(new Map(), clock);
    win.dispatch('error', new FakeErrorEvent(new TypeError('x is undefined')));
    win.dispatch('error', { target: { tagName: 'SCRIPT', src: 'https://ads.example.net/kas/static/ba.min.js' } });
    win.dispatch('unhandledrejection', { reason: new Error('Network down'), preventDefault() {} });
    expect(win.reloads).toBe(0);
    let prevented = false;
    win.dispatch('unhandledrejection', {
      reason: new TypeError(
        'Failed to fetch dynamically imported module: https://desk.example.com/_next/static/chunks/x.js',
      ),
      preventDefault: () => (prevented = true),
    });
    expect(prevented).toBe(true);
    expect(win.reloads).toBe(1);

    const other = fakeWindow(new Map(), clock);
    other.dispatch('vite:preloadError', { preventDefault() {} });
    expect(other.reloads).toBe(1);
  });

  it('never reloads without working storage', () => {
    const win = fakeWindow('broken', { t: 1 });
    win.dispatch('error', { target: { tagName: 'LINK', rel: 'stylesheet', href: '/_next/static/css/a.css' } });
    expect(win.reloads).toBe(0);
    expect(win.__chunkRecovery).toBe('give-up');
  });

  it('agrees with decideRecovery on the guard time', () => {
    for (const ago of [0, 1000, RELOAD_GUARD_MS - 1, RELOAD_GUARD_MS, RELOAD_GUARD_MS * 10]) {
      const now = 50_000_000;
      const win = fakeWindow(new Map([[RELOAD_KEY, String(now - ago)]]), { t: now });
      win.dispatch('unhandledrejection', { reason: 'Loading chunk 1 failed.', preventDefault() {} });
      const expected = decideRecovery({ chunkError: true, lastReloadAt: now - ago, now, storageOk: true });
      expect(win.reloads === 1 ? 'reload' : 'give-up').toBe(expected);
    }
  });
});
