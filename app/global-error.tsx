'use client';
// Errors in the root layout itself: this replaces the whole document, so it brings its own <html>, <body> and
// the global styles.
import { ErrorView } from '@/components/ui/error-view';
import './globals.css';

export default function GlobalError({
  error,
  retry,
  reset,
}: {
  error: unknown;
  retry?: () => void;
  reset?: () => void;
}) {
  return (
    <html lang="en">
      <body>
        <title>Something went wrong</title>
        <main className="main main-standalone">
          <ErrorView error={error} retry={() => (retry ?? reset ?? (() => window.location.reload()))()} />
        </main>
      </body>
    </html>
  );
}
