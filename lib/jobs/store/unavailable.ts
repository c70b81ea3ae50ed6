// When Redis or the object store cannot be reached, a visitor gets 503 with Retry-After ("try again"), not
// a 500: the request was fine, the storage behind it is down for a moment.
import 'server-only';
import { AppError } from '@/lib/core/errors';
import type { SessionStore } from './types';

export const STORAGE_DOWN = 'Storage is temporarily unavailable. Please try again in a minute.';

const NETWORK = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|socket hang up|Connection is closed/i;

/** Whether an error means the storage service is unreachable or failing (not the request's fault). */
export function isStorageDown(e: unknown): boolean {
  if (e instanceof AppError) return false;
  const err = e as {
    name?: string;
    message?: string;
    code?: string;
    $fault?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (err?.name === 'MaxRetriesPerRequestError' || err?.name === 'TimeoutError') return true;
  if (err?.$fault === 'server' || (err?.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return NETWORK.test(`${err?.code ?? ''} ${err?.message ?? ''}`);
}

export function storageDownError(): AppError {
  return new AppError('UNAVAILABLE', STORAGE_DOWN, { retryAfterSeconds: 30 });
}

/** The store with every async operation's outage errors turned into 503s. */
export function withOutageErrors<T extends SessionStore>(store: T): T {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((e: unknown) => {
          if (!isStorageDown(e)) throw e;
          console.error(`[store] ${String(prop)}: ${(e as Error).message}`);
          throw storageDownError();
        });
      };
    },
  });
}
