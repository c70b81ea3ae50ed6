// Placeholder until the translate module lands (helper C replaces this file): a clear 501, never a fake result.
import 'server-only';
import { AppError } from '@/lib/api/errors';

export async function translateText(_req: { text: string; input_language: string; output_language: string }): Promise<{
  translated_text: string;
  detected_language: string | null;
}> {
  throw new AppError('NOT_IMPLEMENTED', 'Translation is coming soon: this tool is not available yet.');
}
