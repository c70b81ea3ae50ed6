import type { FileToolDef } from '@/lib/tools/registry';

// Placeholder until the lock page lands: a clear "coming soon" state, never a fake result.
export function LockTool({ tool }: { tool: FileToolDef }) {
  return <p role="status">{tool.title} is coming soon.</p>;
}
