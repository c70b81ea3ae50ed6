// What a tool page says below the tool, for people and crawlers: three how-to steps, the tool's own FAQ
// (formats, what is kept), related tools. Each tool keeps its text in its folder's content.ts, loaded through
// its entry in the one list (lib/tools/list.ts), so a tool cannot be listed without its text and the text
// stays out of the browser bundle. The shared FAQ on limits and privacy is built from the running
// configuration in lib/tools/page-faq.ts.
import { TOOL_LIST } from './list';
import type { ToolContent } from './tool-def';

export type { Faq, ToolContent } from './tool-def';

export async function toolContent(slug: string): Promise<ToolContent> {
  const entry = TOOL_LIST.find((e) => e.tool.slug === slug);
  if (!entry) throw new Error(`No tool '${slug}' in lib/tools/list.ts`);
  return entry.loadContent();
}
