// Every tool, read from the one list (./list.ts; each tool's entry is its folder's tool.ts), with the
// lookups the sidebar, home grid, page metadata, sitemap, the API route wrapper and the tests use.
// Browser-safe. Client modules that need only a type or `downloadName` import ./tool-def instead.
import { TOOL_LIST } from './list';
import type { FileToolDefOf, GroupId, TextToolDef } from './tool-def';

export * from './tool-def';

/** The API paths of the file tools, from their entries: 'pdf/merge' | 'pdf/compress' | ... */
export type FileToolApi = Extract<(typeof TOOL_LIST)[number]['tool'], FileToolDefOf<string>>['api'];
export type FileToolDef = FileToolDefOf<FileToolApi>;
export type ToolDef = FileToolDef | TextToolDef;

export const TOOLS: readonly ToolDef[] = TOOL_LIST.map((entry) => entry.tool);

export const FILE_TOOLS = TOOLS.filter(
  (t): t is FileToolDef => t.kind === 'single' || t.kind === 'merge' || t.kind === 'lock',
);

export function toolBySlug(slug: string): ToolDef | undefined {
  return TOOLS.find((t) => t.slug === slug);
}

export function fileToolByApi(api: string): FileToolDef | undefined {
  return FILE_TOOLS.find((t) => t.api === api);
}

export function toolsInGroup(group: GroupId): ToolDef[] {
  return TOOLS.filter((t) => t.group === group && t.listed);
}

/** Text limits (SPEC section 9). */
// Relative, not '@/': next.config.ts imports this file (kind-routes) and its loader misresolves the alias.
export { LIMITS } from '../core/limits';
