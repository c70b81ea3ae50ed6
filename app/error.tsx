'use client';
// Errors thrown while rendering a page (below the root layout): the sidebar stays, the main area offers a retry.
import { ErrorView } from '@/components/ui/error-view';

export default function ErrorPage({ error, retry, reset }: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ErrorView error={error} retry={() => (retry ?? reset ?? (() => window.location.reload()))()} />;
}
