'use client';
// Shared body of app/error.tsx and app/global-error.tsx: a failed chunk load gets the one guarded reload,
// anything else (or a chunk failure right after that reload) a clear message with Try again.
import { useEffect, useState } from 'react';
import { browserRecoveryEnv, isChunkLoadError, recoverFromChunkError } from '@/lib/chunk-recovery';

export function ErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!chunk) {
      console.error(error);
      return;
    }
    if (recoverFromChunkError(true, browserRecoveryEnv()) === 'reload') setReloading(true);
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
