'use client';
// The merge list (drag-and-drop reordering by @hello-pangea/dnd, pdf.js thumbnails) shows only once files are
// chosen, so its code stays out of the page's first load (React.lazy). It is fetched on the visitor's first
// pointer, key or drag event (the file dialog or the drop that follows takes longer than the fetch), and at
// the latest when the first files arrive.
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

let pending: Promise<typeof import('./merge-list')> | undefined;
const load = () => (pending ??= import('./merge-list'));
const List = lazy(() => load().then((m) => ({ default: m.MergeList })));
const INTENT = ['pointerdown', 'keydown', 'dragenter'] as const;

export function MergeList(props: ComponentProps<typeof List>) {
  return (
    <Suspense fallback={null}>
      <List {...props} />
    </Suspense>
  );
}

/** Starts fetching the list's code on the first sign of the visitor choosing files. */
export function usePrefetchMergeList() {
  useEffect(() => {
    const start = () => {
      for (const type of INTENT) window.removeEventListener(type, start, true);
      void load();
    };
    for (const type of INTENT) window.addEventListener(type, start, { capture: true, passive: true });
    return () => {
      for (const type of INTENT) window.removeEventListener(type, start, true);
    };
  }, []);
}

/** Whether the list's code is loaded (asked for once `wanted`). The merge button waits for it: shown before,
 * it was pushed ~240 px down when the list appeared above it, from under the visitor's pointer. */
export function useMergeListReady(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    void load().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [wanted, ready]);
  return ready;
}
