'use client';
// Shows the before/after of image results; the viewer's code is fetched only when a result is there.
import dynamic from 'next/dynamic';
import type { FileToolDef } from '@/lib/tools/registry';

const Viewer = dynamic(() => import('./result-preview'), { ssr: false });

interface Props {
  tool: FileToolDef;
  input: File;
  output: Blob;
  outputName: string;
}

export function ResultPreview({ tool, input, output, outputName }: Props) {
  // Image tools only (their results are pictures a browser shows; an SVG in <img> runs no script).
  if (tool.group !== 'image' || !output.type.startsWith('image/')) return null;
  return <Viewer input={input} output={output} outputName={outputName} />;
}
