'use client';
// Shared body of app/error.tsx and app/global-error.tsx: a failed chunk load gets the one guarded reload,
// anything else (or a chunk failure right after that reload) a clear message with Try again.
import { useEffect, useState } from 'react';
import { browserRecoveryEnv, isChunkLoadError, plannedRecovery, recoverFromChunkError } from '@/lib/chunk-recovery';

export function ErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  const chunk = isChunkLoadError(error);
  // What the effect below will do, read when the view appears (an error view renders in the browser only):
  // the page says 'Reloading' only when the guarded reload will happen.
  const [reloading] = useState(() => chunk && plannedRecovery(browserRecoveryEnv()) === 'reload');

  useEffect(() => {
    if (!chunk) {
      console.error(error);
      return;
    }
    recoverFromChunkError(true, browserRecoveryEnv());
  }, [chunk, error]);

  return (
    <div className="error-view" role="alert">
      <h1>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>
        {reloading
          ? 'Reloading the page…'
          : chunk
            ? 'Part of the page failed to download. Check your connection and try again.'
            : 'An unexpected error stopped this page. Your files and text were not kept. Please try again.'}
      </p>
      <div className="error-actions">
        <button type="button" className="btn btn-primary" onClick={() => (chunk ? window.location.reload() : retry())}>
          Try again
        </button>
        {/* A full page load on purpose: after a failed chunk or a crashed tree, client navigation is not trusted. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a className="btn btn-secondary" href="/">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
