'use client';
// Shows the before/after of image results; the viewer's code is fetched only when a result is there
// (React.lazy: no loader code of its own in the page's first load).
import { lazy, Suspense } from 'react';
import type { FileToolDef } from '@/lib/tools/registry';

const Viewer = lazy(() => import('./result-preview'));

interface Props {
  tool: FileToolDef;
  input: File;
  output: Blob;
  outputName: string;
}

export function ResultPreview({ tool, input, output, outputName }: Props) {
  // Image tools only (their results are pictures a browser shows; an SVG in <img> runs no script).
  if (tool.group !== 'image' || !output.type.startsWith('image/')) return null;
  return (
    <Suspense fallback={null}>
      <Viewer input={input} output={output} outputName={outputName} />
    </Suspense>
  );
}
