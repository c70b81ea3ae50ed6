// JSON endpoints without files: POST /api/text/count/ and POST /api/text/translate/.
import 'server-only';
import { AppError } from './errors';
import { countBody, firstIssue } from './schemas';

export interface TextEndpoint {
  fallback: string;
  handle: (body: unknown) => Promise<Record<string, unknown>>;
}

export const textEndpoints: Record<string, TextEndpoint> = {
  'text/count': {
    fallback: 'Count failed',
    handle: async (body) => {
      const parsed = countBody.safeParse(body);
      if (!parsed.success) throw new AppError('BAD_REQUEST', firstIssue(parsed.error));
      const { countFigures } = await import('@/lib/text/figures');
      const counts = countFigures(parsed.data.text);
      // Only the figures are logged, never the text (SPEC section 4: the text is posted for logging).
      console.info(`[count] chars=${counts.chars} bytes=${counts.bytes} chars_ns=${counts.chars_ns} bytes_ns=${counts.bytes_ns}`);
      return { ...counts };
    },
  },
  'text/translate': {
    fallback: 'Translation failed',
    handle: async (body) => {
      const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      // Loaded on first use: the providers are not needed by the rest of the API.
      const { translateText } = await import('@/lib/translate');
      const result = await translateText({
        text: b.text as string,
        input_language: b.input_language as string,
        output_language: b.output_language as string,
        device: b.device,
      });
      // A device hand-off (issue 16) adds its two fields; otherwise the spec's reply exactly.
      return 'handoff' in result
        ? { translated_text: null, detected_language: result.detected_language, handoff: result.handoff, server_fallback: result.server_fallback }
        : { translated_text: result.translated_text, detected_language: result.detected_language };
    },
  },
};
