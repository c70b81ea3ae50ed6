// Request body schemas (zod). Text limits are the spec's (section 9), counted in characters as the visitor
// sees them (a flag emoji or a Korean syllable is one), exactly as the pages count them.
import { z } from 'zod';
import { LIMITS, type FileToolApi } from '@/lib/tools/registry';
import { toolSettings, type SettingsSchema } from '@/lib/tools/options';
import { AppError } from './errors';
import { charCount } from '@/lib/tools/text/count/count';

const atMost = (limit: number) => (s: string) => charCount(s) <= limit;

export const processBody = z.object({
  session_id: z.string().max(64),
  password: z.string().max(1024).optional(),
});

export const countBody = z.object({
  text: z.string().refine(atMost(LIMITS.countChars), `The text can be at most ${LIMITS.countChars} characters long.`),
});

export const qrBody = z.object({
  content: z
    .string()
    .refine(atMost(LIMITS.qrChars), `The text can be at most ${LIMITS.qrChars} characters long.`)
    .refine((s) => s.trim().length > 0, 'Enter text or a URL to generate a QR code.'),
  output_filename: z.string().max(200).optional(),
});

/** The first schema message, for the visitor. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.code === 'invalid_type')
    return `The field "${issue.path.join('.') || 'body'}" is missing or has the wrong type.`;
  return issue.message;
}

/** The tool's optional settings from a process request (its schema: lib/tools/options.ts); undefined for a
 * tool without any, or when none was sent. A bad value is a 400 naming the field. */
export async function parseSettings(api: FileToolApi, body: unknown): Promise<Record<string, unknown> | undefined> {
  return settingsFrom(await toolSettings(api), body);
}

/** `body`'s settings checked with `schema` (parseSettings once the tool's schema is loaded). */
export function settingsFrom(schema: SettingsSchema | undefined, body: unknown): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    throw new AppError(
      'BAD_REQUEST',
      field ? `The option "${field}" is not valid: ${issue.message}` : firstIssue(parsed.error),
    );
  }
  const defined = Object.entries(parsed.data).filter(([, v]) => v !== undefined);
  return defined.length > 0 ? Object.fromEntries(defined) : undefined;
}
