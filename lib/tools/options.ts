// Optional settings of a tool's process request, beyond the spec's {session_id, password}: one zod schema per
// tool that has any, in its folder and loaded through its entry (`loadSettings` in its tool.ts), so zod stays
// out of the browser bundle. Absent fields must mean the spec's behaviour, so a request without them is
// answered byte for byte as before. Schemas must not be strict (the request also carries session_id and
// password) and must give every field a default of "absent".
import type { z } from 'zod';
import { TOOL_LIST } from './list';

export type SettingsSchema = z.ZodType<Record<string, unknown>>;

/** The tool's settings schema, or undefined for a tool without any. */
export async function toolSettings(api: string): Promise<SettingsSchema | undefined> {
  const entry = TOOL_LIST.find((e) => e.tool.api === api);
  return entry && 'loadSettings' in entry ? entry.loadSettings() : undefined;
}
