// The three compression levels a visitor can choose (issue 15). Browser-safe (plain zod, no server code):
// the options schema and the page use it. `recommended` is the spec's behaviour (no level sent).
import { z } from 'zod';

export const COMPRESS_LEVELS = ['light', 'recommended', 'strong'] as const;
export type CompressLevel = (typeof COMPRESS_LEVELS)[number];

export const pdfCompressSettings = z.object({
  level: z.enum(COMPRESS_LEVELS).optional(),
});
