import type { TextToolDef } from '@/lib/tools/registry';

// Placeholder until the translate page lands: a clear "coming soon" state, never a fake result.
export function TranslateTool({ tool }: { tool: TextToolDef }) {
  return <p role="status">{tool.title} is coming soon.</p>;
}
