// Image Compress's optional process fields (issue 20). Browser-safe: the page's options panel reads the same
// limits. Absent fields: today's JPEG similarity search, byte for byte.
import { z } from 'zod';

export const COMPRESS_FORMATS = ['jpeg', 'webp', 'avif'] as const;
export type CompressFormat = (typeof COMPRESS_FORMATS)[number];

/** "At most N KB": 1 KB is too small for any real picture header; 100 MB is the upload limit's order. */
export const TARGET_KB = { min: 5, max: 102_400 } as const;

export const imageCompressSettings = z.object({
  target_kb: z
    .number()
    .int('must be a whole number of KB')
    .min(TARGET_KB.min, `must be at least ${TARGET_KB.min}`)
    .max(TARGET_KB.max, `must be at most ${TARGET_KB.max}`)
    .optional(),
  format: z.enum(COMPRESS_FORMATS, { message: 'must be jpeg, webp or avif' }).optional(),
});

export type ImageCompressSettings = z.infer<typeof imageCompressSettings>;
