import type { FileToolDef } from '@/lib/tools/registry';

// Placeholder until the file-tool UI lands: a clear "coming soon" state, never a fake result.
export function MergeTool({ tool }: { tool: FileToolDef }) {
  return <p role="status">{tool.title} is coming soon.</p>;
}
