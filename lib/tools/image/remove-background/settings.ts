// Remove Background's optional process fields (issue 20). Browser-safe (plain zod): the page may validate
// with it too. Absent fields: the spec's transparent PNG of the whole image.
import { z } from 'zod';

/** Crop margin around the subject: this share of the subject's longer side, at least CROP_MIN_MARGIN px. */
export const CROP_MARGIN = 0.05;
export const CROP_MIN_MARGIN = 8;

export const removeBackgroundSettings = z
  .object({
    /** "transparent" (default) or an opaque colour the cut-out is laid on. */
    background: z
      .string()
      .regex(/^(transparent|#[0-9a-fA-F]{6})$/, 'use "transparent" or a colour written as #rrggbb, e.g. "#ffffff".')
      .optional(),
    /** "png" (default) or "jpeg" (only with an opaque background: JPEG has no transparency). */
    format: z.enum(['png', 'jpeg']).optional(),
    /** Crop to the subject with a margin (CROP_MARGIN). */
    crop: z.boolean().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.format === 'jpeg' && (s.background === undefined || s.background === 'transparent')) {
      ctx.addIssue({
        code: 'custom',
        path: ['format'],
        message:
          'a JPG cannot be transparent: choose a background colour (e.g. "background": "#ffffff") for JPG output.',
      });
    }
  });

export type RemoveBackgroundSettings = z.infer<typeof removeBackgroundSettings>;
