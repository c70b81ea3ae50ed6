// JSON endpoints without files: POST /api/text/count/ and POST /api/text/translate/ (SPEC section 7).
import 'server-only';
import { serverConfig } from '@/lib/config';
import type { Call } from './handler';
import { ok, readJson } from './respond';
import { countBody } from './schemas';

export async function count({ req }: Call): Promise<Response> {
  const { text } = countBody.parse(await readJson(req, serverConfig().maxJsonBytes));
  const { countFigures } = await import('@/lib/tools/text/count/figures');
  const counts = countFigures(text);
  // Only the figures are logged, never the text (SPEC section 4: the text is posted for logging).
  console.info(
    `[count] chars=${counts.chars} bytes=${counts.bytes} chars_ns=${counts.chars_ns} bytes_ns=${counts.bytes_ns}`,
  );
  return ok({ ...counts });
}

export async function translate({ req }: Call): Promise<Response> {
  const body = await readJson(req, serverConfig().maxJsonBytes);
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  // Loaded on first use: the providers are not needed by the rest of the API.
  const { translateText } = await import('@/lib/tools/text/translate/translate');
  const result = await translateText({
    text: b.text as string,
    input_language: b.input_language as string,
    output_language: b.output_language as string,
    device: b.device,
  });
  // A device hand-off (issue 16) adds its two fields; otherwise the spec's reply exactly.
  return ok(
    'handoff' in result
      ? {
          translated_text: null,
          detected_language: result.detected_language,
          handoff: result.handoff,
          server_fallback: result.server_fallback,
        }
      : { translated_text: result.translated_text, detected_language: result.detected_language },
  );
}
