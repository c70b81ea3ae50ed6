'use client';
// Browser-only values read without an effect that sets state: the statically rendered page and the first
// client render see the server value, then React re-renders with the browser's (useSyncExternalStore).
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** false while the server HTML is being hydrated, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

function subscribeStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** A localStorage item (null when absent, on the server, or when storage is blocked); follows other tabs. */
export function useStoredItem(key: string): string | null {
  return useSyncExternalStore(
    subscribeStorage,
    () => {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null; // storage blocked
      }
    },
    () => null,
  );
}
