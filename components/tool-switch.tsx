'use client';
// The page kind's component. One route serves every tool, so with static imports each tool page would load
// the code of all six kinds (drag-and-drop, translate, QR...). React.lazy makes each kind its own chunk: the
// server still renders the tool into the HTML, and the browser fetches only the kind the page shows.
import { lazy, Suspense } from 'react';
import { LIMITS, type ToolDef } from '@/lib/tools/registry';

const SingleFileTool = lazy(() => import('./file-tool/single-file-tool').then((m) => ({ default: m.SingleFileTool })));
const MergeTool = lazy(() => import('./file-tool/merge-tool').then((m) => ({ default: m.MergeTool })));
const LockTool = lazy(() => import('./lock-tool/lock-tool').then((m) => ({ default: m.LockTool })));
const TranslateTool = lazy(() => import('./translate-tool/translate-tool').then((m) => ({ default: m.TranslateTool })));
const CountTool = lazy(() => import('./count-tool/count-tool').then((m) => ({ default: m.CountTool })));
const QrTool = lazy(() => import('./qr-tool/qr-tool').then((m) => ({ default: m.QrTool })));

function Kind({ tool }: { tool: ToolDef }) {
  switch (tool.kind) {
    case 'single':
      return <SingleFileTool tool={tool} />;
    case 'merge':
      return <MergeTool tool={tool} />;
    case 'lock':
      return <LockTool tool={tool} />;
    case 'translate':
      return <TranslateTool tool={tool} />;
    case 'count':
      return <CountTool limit={LIMITS.countChars} />;
    case 'qr':
      return <QrTool limit={LIMITS.qrChars} fallbackError={tool.errors.fallback} />;
  }
}

export function ToolSwitch({ tool }: { tool: ToolDef }) {
  return (
    <Suspense fallback={null}>
      <Kind tool={tool} />
    </Suspense>
  );
}
